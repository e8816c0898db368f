import { numberToWords } from '../shared/words'

/**
 * What a plan buys, said the same way on every screen. Reading online is open to everyone, for every
 * people. A plan sets how many peoples a reader has: those are kept offline on the device, quizzed
 * every week and shown first; a paid plan also removes adverts. The Free plan (amount 0) is a choice,
 * not a package in force: its reader sees adverts, and their one people is the first language they chose.
 */
export const PLAN_TEXTS = {
  story:
    'Reading online is open to everyone, for every people. A plan sets how many peoples you have: their proverbs are kept offline on your device, quizzed every week and shown first. A paid plan also removes adverts.',
  free: 'Free: one people kept offline, quizzed weekly and shown first, with adverts. No payment needed.',
  freeChosen:
    'You chose the Free plan: nothing to pay. Sign in after activating; you can upgrade to a paid plan from the pricing page at any time.',
  noPackage:
    'You are on the Free plan: you read every people online, and your first chosen language is kept offline, quizzed weekly and shown first. Adverts are shown. A paid plan adds more peoples and removes adverts.',
  freeIsFree: 'The Free plan needs no payment.',
  /** The offer of the paid plan chosen at sign-up and not paid for yet (the first screen after sign-in, the profile). */
  finishPayingTitle: 'Finish paying for your plan',
  finishPayingNote: 'Until it is paid you are on the Free plan, with adverts.',
  /** The end of a renewal or expiry notice. */
  renewToKeep: 'to keep all your peoples offline and quizzed, with no adverts.',
  /** The refusals of the offline-pack and quiz routes for a people the reader does not have. */
  notChosen:
    'This people is not among the languages you chose. Everyone can read it online; change your languages to keep it offline and quizzed.',
  beyondFree:
    'Without a paid plan you have one people, the first language you chose. Everyone can read every people online; a paid plan keeps more of them offline and quizzed.',
  /** The profile's languages form when some chosen languages are beyond the plan. */
  languagesBeyondPlan:
    ' Without a paid plan only the first one you chose is kept offline, quizzed and shown first; a paid plan adds the others. Every people can be read online.',
} as const

type PlanLike = { amount: number; noOfEthnics: number; name: string }

export const isFreePlan = (plan: { amount: number }): boolean => plan.amount === 0

/** "One people", "Two peoples", "All eight peoples" (eight is every people Òwe has). */
export function peoplesLabel(count: number, all = 8): string {
  if (count === 1) return 'One people'
  const words = numberToWords(count)
  return count >= all ? `All ${words} peoples` : `${words.charAt(0).toUpperCase()}${words.slice(1)} peoples`
}

/** What a plan adds, in one line: the peoples it keeps offline, quizzes and puts first, and whether adverts go. */
export function planAdds(plan: PlanLike): string {
  return `${peoplesLabel(plan.noOfEthnics)} kept offline, quizzed weekly and shown first; ${isFreePlan(plan) ? 'adverts shown' : 'no adverts'}.`
}
