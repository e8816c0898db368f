/**
 * Text of the static pages: About, Terms of use and Privacy policy.
 * Plain strings only (no HTML); the page component renders each paragraph.
 */
import { COUNTED_EVENTS } from '@/core/analytics/texts'
import { API } from '@/core/http/api-paths'
import { OPEN_DATA } from '@/core/proverbs/open-data'

export type PageContent = {
  title: string
  lead: string
  /**
   * `list`: items shown as a list after the paragraphs; `links`: addresses a section offers (a download,
   * another page), each a plain link after them.
   */
  sections: { heading: string; paragraphs: string[]; list?: string[]; links?: { label: string; href: string }[] }[]
}

export const about: PageContent = {
  title: 'About Òwe',
  lead: 'Òwe means "proverb" in Yoruba. This app gathers traditional proverbs from eight African peoples, in their own languages, with a plain English rendering and an explanation of what each one means.',
  sections: [
    {
      heading: 'Why proverbs',
      paragraphs: [
        "A proverb is a people's wisdom packed into a sentence. Elders use them to advise, to settle arguments, to tease and to teach, and knowing when to use one is a sign of a good speaker. Many are hundreds of years old, and nobody owns them: they belong to the people who have kept them alive.",
        'Òwe is for anyone who wants to keep that wisdom close: learners picking up a language, parents passing it on to their children, teachers looking for something to start a lesson, and people in the diaspora who want to hear the voice of home again.',
      ],
    },
    {
      heading: 'Made for phones and patchy connections',
      paragraphs: [
        'Òwe is built to work offline first. Proverbs are kept on your device as you use the app, so you can keep reading on a bus, in a village or when your data runs out, and the app catches up when you are back online.',
        "You can install Òwe on your phone's home screen like any other app. It stays small and light, and its fonts and images come from Òwe itself, so it loads quickly and does not call on other companies' servers.",
      ],
    },
    {
      heading: 'Eight peoples, eight languages',
      paragraphs: [
        'Yoruba is spoken in south-western Nigeria and in neighbouring Benin and Togo, and is written in the Latin alphabet with tone marks and dotted letters such as ẹ, ọ and ṣ.',
        'Igbo is spoken in south-eastern Nigeria and is written in the Latin alphabet with dotted vowels such as ị, ọ and ụ, and with tone marks where they help the reader.',
        'Hausa is spoken across northern Nigeria and Niger and is a language of trade far across West Africa; it is written in the Latin alphabet, with hooked letters such as ɓ, ɗ and ƙ, and also in an Arabic-based script called Ajami.',
        'Akan is spoken across southern and central Ghana, where its Twi varieties are heard every day in homes and markets, and it is written in the Latin alphabet with the extra letters ɛ and ɔ.',
        'Kiswahili is spoken across East Africa, from Tanzania and Kenya to Uganda and beyond, and is written in the Latin alphabet.',
        'isiZulu is spoken mainly in South Africa, where it is an official language, and is written in the Latin alphabet, with the letters c, q and x standing for its click sounds.',
        "Amharic is the working language of Ethiopia's federal government and is written in the Ethiopic script, called Fidel, in which each character stands for a whole syllable.",
        'Afaan Oromo is spoken by the Oromo people of Ethiopia and northern Kenya, one of the largest language communities in the Horn of Africa, and is written in Qubee, an alphabet based on Latin letters.',
      ],
    },
    {
      heading: 'How we choose proverbs',
      paragraphs: [
        'We publish well-attested traditional proverbs: ones that are widely known and recorded among their people, not sayings made up yesterday.',
        'Each proverb is written as its people write it, with its tone marks and special letters, and in Fidel for Amharic. Beside it you will find a literal English rendering, so you can see how the words work, and a short note on what the proverb means and when people use it.',
        'Proverbs are credited to the people they come from, not to individual authors, because they are shared cultural heritage.',
      ],
    },
    {
      heading: 'Where each proverb is recorded',
      paragraphs: [
        'Every proverb says where it is recorded: a page you can open, or a published collection with its author, year and page. Under each proverb you will also find its cousins, proverbs of other peoples that say the same thing, and a way to suggest a correction to its spelling, tone marks, rendering, meaning or source. Editors check every correction against the sources, and a proverb a speaker of its language has checked says so.',
        OPEN_DATA.licence.statement,
      ],
      links: [
        { label: 'Download the corpus as JSON', href: `${API.proverbsExport}?format=json` },
        { label: 'Download the corpus as CSV', href: `${API.proverbsExport}?format=csv` },
      ],
    },
    {
      heading: 'Quizzes and the leaderboard',
      paragraphs: [
        'When you sign in you can save favourites, take a new quiz every week and see how your scores compare with other learners on the leaderboard. It is a gentle way to make the proverbs stick.',
      ],
    },
    {
      heading: 'Suggest a proverb',
      paragraphs: [
        'Do you know a proverb that is missing? Use "Suggest a proverb" to send it to us with its language, the proverb in its own script, and what it means to you. You do not need an account to suggest one.',
        'The Òwe team reviews every suggestion before anything is published, and we may check the wording and tone marks with other speakers first. By sending a suggestion you give Òwe permission to publish it after review.',
      ],
    },
  ],
}

export const terms: PageContent = {
  title: 'Terms of use',
  lead: 'These terms explain what you can expect from Òwe and what we ask of you in return. We have kept them short and plain. By using Òwe you agree to them. Last updated: November 2026.',
  sections: [
    {
      heading: 'Using Òwe',
      paragraphs: [
        'Anyone can browse and search proverbs and suggest new ones without an account. Signing in adds favourites, weekly quizzes, the leaderboard and your profile.',
        "Please use Òwe for learning and enjoyment, and do not try to break it, overload it, copy the collection in bulk by automated means, or get into other people's accounts.",
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'To create an account you give us a working email address, and we send you a link to activate it. Keep your password to yourself; you are responsible for what happens under your account.',
        'Other users can see your name on the leaderboard, so please keep your profile respectful. If you forget your password you can reset it by email.',
      ],
    },
    {
      heading: 'Packages and payments',
      paragraphs: [
        'Reading online is open to everyone, for every people. A plan sets how many peoples you have, kept offline on your device, quizzed every week and shown first: Free and Bronze have 1, Silver 2, Gold 4 and Platinum 8. Paid plans are yearly and mean you do not see adverts, unless you choose to turn them on; the Free plan shows adverts.',
        'Prices are set in US dollars. For convenience we also show them in naira at a rate of ₦1,000 to $1. If you pay with Paystack you may be charged in naira; other payment options charge in dollars.',
        'A paid plan renews each year only if you chose auto-renewal when paying. You can cancel auto-renewal at any time from your account, and you will not be charged for the next year. If something goes wrong with a payment, contact us through the contact page and we will look into it.',
      ],
    },
    {
      heading: 'The proverbs',
      paragraphs: [
        'The proverbs themselves are traditional, shared cultural heritage. Òwe credits each one to its people and claims no ownership of it. You are free to quote them, teach them and pass them on, as people always have.',
        'The English renderings, explanations, quizzes and the app itself are the work of the Òwe team. Please do not republish the collection, or large parts of it, as your own.',
        'We work hard to get spellings, tone marks and meanings right, but proverbs are understood differently from place to place. If you think we have got one wrong, please tell us.',
      ],
    },
    {
      heading: 'Suggesting proverbs',
      paragraphs: [
        'When you suggest a proverb, you give Òwe permission to publish it, along with your explanation, after review. We may correct spelling or tone marks, or decide not to publish a suggestion.',
        'Please send only proverbs, not personal information about other people, and nothing offensive.',
      ],
    },
    {
      heading: 'Quizzes and the leaderboard',
      paragraphs: [
        'Weekly quizzes are for fun and learning. Please play fairly: one account per person, no scripts or shared answers. We may remove scores or accounts that cheat.',
      ],
    },
    {
      heading: 'Adverts',
      paragraphs: [
        'Adverts help keep Òwe running. They are shown to users without an active package, and to package holders who choose to turn them on. Òwe does not use third-party trackers.',
      ],
    },
    {
      heading: 'Availability',
      paragraphs: [
        'We want Òwe to be there when you need it, and much of it works offline, but we cannot promise that it will always be available or free of mistakes. Offline copies may be a little out of date until you reconnect.',
        'We may change or retire features over time.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'If we change these terms we will update this page and the date at the top. If you keep using Òwe after a change, the new terms apply.',
        'Questions, problems or a request to close your account? Write to the Òwe team through the contact page at /contact.',
      ],
    },
  ],
}

export const privacy: PageContent = {
  title: 'Privacy policy',
  lead: 'This page explains what Òwe stores, where, why and for how long, and the choices you have. We only keep what we need to run the app, and there are no third-party trackers. Last updated: November 2026.',
  sections: [
    {
      heading: 'Cookies',
      paragraphs: [
        'Òwe uses two cookies, both its own.',
        'cookieConsent — what it is for: remembers that you clicked "Allow cookies", so we do not ask again. When it is set: only when you click "Allow cookies". How long it lasts: 30 days.',
        'userToken — what it is for: holds your sign-in session token so the app knows it is you. When it is set: when you sign in. How long it lasts: until you sign out or the session ends.',
        'If you click "Decline", no consent cookie is saved, so we may ask you again on your next visit.',
      ],
    },
    {
      heading: 'Storage in your browser',
      paragraphs: [
        "Local storage: when you are signed in, Òwe keeps your user details and an isAuthenticated flag in your browser's local storage, so the app opens already signed in and can show your name and picture straight away.",
        "Offline storage: proverbs and quiz batches are kept in your browser's IndexedDB and cache, so you can keep reading when you have no connection. This is copies of app content, not tracking data.",
        'All of this stays on your device. You can remove it at any time by signing out and clearing the site data for Òwe in your browser settings.',
      ],
    },
    {
      heading: 'What we store on our server',
      paragraphs: [
        'If you create an account, we store your email address, your names, your phone number if you choose to give it, your address, your profile picture, your favourites and likes, your quiz answers and scores, and your package and payment records.',
        'If you suggest a proverb, we store your suggestion so the Òwe team can review it.',
        'We use this to run your account and its features: signing you in, saving your favourites, scoring your quizzes, showing the leaderboard, and knowing which package you have. Your name and quiz scores can be seen by other users on the leaderboard.',
      ],
    },
    {
      heading: 'Push notifications',
      paragraphs: [
        'Push notifications are off until you turn them on. When you enable them, your device gets a push token from Firebase Cloud Messaging, and we store that token so we can send notifications to that device.',
        'You can stop them at any time by turning push notifications off in Òwe, or by blocking notifications for Òwe in your browser or phone settings.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Payments are handled by our payment providers, Paystack and Stripe. Your card details go straight to them and are never stored by Òwe. We keep a record of each payment and of your package, so we know what you have paid for.',
      ],
    },
    {
      heading: 'Emails',
      paragraphs: [
        'Òwe sends you email for two things: to activate your account when you sign up, and to reset your password when you ask for it.',
      ],
    },
    {
      heading: 'What we count',
      paragraphs: [
        'Òwe counts how it is used, so we know which proverbs are read, what people look for and do not find, and where signing up gets stuck. Òwe does this itself, on its own server; no other company sees it. We count these things, and nothing else:',
      ],
      list: Object.values(COUNTED_EVENTS),
    },
    {
      heading: 'How counting stays anonymous',
      paragraphs: [
        'No cookie and no identifier is stored for counting, in your browser or on our server. A count holds only what is listed above, the kind of page it happened on and when it happened: never your account, name or email address, even when you are signed in.',
        'To know how many different people visit each day without knowing who they are, our server mixes your internet address and your browser’s name with a secret that changes every day, and keeps only the scrambled result. The secret is thrown away with its day, so nobody can work back to you or link one day’s visits to another’s. Your address and your browser’s name are never stored.',
        'If your browser sends Do Not Track or Global Privacy Control, Òwe counts nothing at all.',
        'Counts made while you are offline wait in your browser’s offline storage (at most 1,000 of them) and are sent when you are back online, each with the time it happened. Each count carries a random label of its own, not one of yours, so our server keeps it once however often it arrives.',
        'We keep the individual counts for 30 days (unless the people running Òwe choose a different period), then only the totals for each day.',
      ],
    },
    {
      heading: 'No trackers',
      paragraphs: [
        'Òwe has no third-party trackers. Our fonts, images and other files are served by Òwe itself, so loading the app does not tell other companies that you are here. The only outside services involved are the ones named on this page: Paystack or Stripe when you pay, and Firebase Cloud Messaging when you turn on push notifications.',
      ],
    },
    {
      heading: 'How long we keep your data',
      paragraphs: [
        'We keep your account data for as long as your account exists. The cookies and browser storage last as described above.',
        'You can ask us to delete your account and its data at any time through the contact page at /contact. We will then delete your account data, except payment records we may need to keep for accounting.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        "Proverbs are for all ages, and families are welcome to use Òwe together. Children should only create an account with a parent's or guardian's permission. If you are a parent and think your child has given us personal information, contact us through /contact and we will delete it.",
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change how we handle your data, we will update this page and the date at the top. Please check back from time to time.',
      ],
    },
  ],
}
