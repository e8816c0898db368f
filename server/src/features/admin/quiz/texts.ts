export const QUIZ_TEXTS = {
  notFound: 'No question of the bank has that id.',
  groupFilter: 'ethnicGroupId is a group id, or "general".',
  answeredOption: 'Answers already given use an option you removed: keep as many options, or retire this question and write a new one.',
} as const
