import type { GroupAbout } from '@core/proverbs/contract'
import type { LanguageSlug } from '@core/shared/constants'

/**
 * Who each people is, for their page: where they live and a short introduction in our own words, with
 * the public article a reader can check it against. Served with the groups list (by slug), so it is kept
 * on the device like the rest of the corpus.
 */
export const GROUP_ABOUT: Record<LanguageSlug, GroupAbout> = {
  yoruba: {
    homeland: 'South-western Nigeria, Benin and Togo',
    intro:
      'The Yoruba are one of the largest peoples of West Africa, living mostly in south-western Nigeria and in neighbouring Benin and Togo. ' +
      'Their history is one of old city-kingdoms such as Ife and Oyo, each led by an oba. ' +
      'Yoruba is a tonal language, and its word for proverb, òwe, gives this app its name.',
    source: { title: 'Yoruba people — Wikipedia', url: 'https://en.wikipedia.org/wiki/Yoruba_people' },
  },
  igbo: {
    homeland: 'South-eastern Nigeria, on both banks of the lower Niger',
    intro:
      'The Igbo live mainly in south-eastern Nigeria, in states such as Anambra, Enugu, Imo, Abia and Ebonyi, on both sides of the lower Niger River. ' +
      'Many of their towns were governed by councils of elders and titled people rather than by kings, and Igbo traders are known across Africa. ' +
      'Chinua Achebe, who was Igbo, called proverbs “the palm-oil with which words are eaten”.',
    source: { title: 'Igbo people — Wikipedia', url: 'https://en.wikipedia.org/wiki/Igbo_people' },
  },
  hausa: {
    homeland: 'Northern Nigeria and southern Niger',
    intro:
      'The Hausa are among the largest peoples of Africa, living mostly in northern Nigeria and southern Niger. ' +
      'Walled cities such as Kano, Katsina and Zaria grew rich on trade across the Sahel and the Sahara. ' +
      'Millions more speak Hausa as a second language, making it one of the great trade languages of West Africa.',
    source: { title: 'Hausa people — Wikipedia', url: 'https://en.wikipedia.org/wiki/Hausa_people' },
  },
  akan: {
    homeland: 'Southern and central Ghana and eastern Côte d’Ivoire',
    intro:
      'The Akan live mostly in southern and central Ghana and in eastern Côte d’Ivoire; the Asante and the Fante are among their best-known branches. ' +
      'The Asante kingdom, ruled from Kumasi, was one of the strongest states of West Africa. ' +
      'Many Akan adinkra symbols, printed on cloth and carved in wood, stand for a proverb or a saying.',
    source: { title: 'Akan people — Wikipedia', url: 'https://en.wikipedia.org/wiki/Akan_people' },
  },
  kiswahili: {
    homeland: 'The East African coast and islands, from Kenya to northern Mozambique',
    intro:
      'The Swahili people live along the coast of East Africa, mainly in Kenya and Tanzania and as far south as northern Mozambique, and on islands such as Zanzibar, Pemba and Lamu. ' +
      'For centuries their towns traded across the Indian Ocean, and their language took in many Arabic words. ' +
      'Kiswahili is now spoken by tens of millions across East Africa, most of them as a second language.',
    source: { title: 'Swahili people — Wikipedia', url: 'https://en.wikipedia.org/wiki/Swahili_people' },
  },
  zulu: {
    homeland: 'KwaZulu-Natal and neighbouring provinces of South Africa',
    intro:
      'The Zulu are the largest people of South Africa, most of them living in the province of KwaZulu-Natal. ' +
      'In the early nineteenth century Shaka joined many clans into the Zulu kingdom. ' +
      'isiZulu, a Nguni language with click sounds, is the home language of more South Africans than any other.',
    source: { title: 'Zulu people — Wikipedia', url: 'https://en.wikipedia.org/wiki/Zulu_people' },
  },
  amharic: {
    homeland: 'The highlands of northern and central Ethiopia',
    intro:
      'The Amhara live in the highlands of northern and central Ethiopia, above all in the Amhara Region. ' +
      'Amharic is written in the Ethiopic (Ge’ez) script, with a sign for each syllable, and has long been the main working language of Ethiopia’s federal government. ' +
      'Most Amhara belong to the Ethiopian Orthodox Tewahedo Church.',
    source: { title: 'Amhara people — Wikipedia', url: 'https://en.wikipedia.org/wiki/Amhara_people' },
  },
  'afan-oromo': {
    homeland: 'Oromia in Ethiopia, and northern Kenya',
    intro:
      'The Oromo are the largest people of Ethiopia, living mainly in the Oromia region and also in northern Kenya. ' +
      'Their Gadaa system, in which classes of men take turns at leading every eight years, is listed by UNESCO as intangible cultural heritage. ' +
      'Afaan Oromo is written in the Latin alphabet, called Qubee.',
    source: { title: 'Oromo people — Wikipedia', url: 'https://en.wikipedia.org/wiki/Oromo_people' },
  },
}

/** One line on each built-in category (by its seeded slug), for the category's page. */
export const CATEGORY_DESCRIPTIONS: Record<string, string> = {
  wisdom: 'Sayings on thinking before acting and learning from those who came before.',
  patience: 'On waiting, slow progress and what comes to those who do not rush.',
  family: 'Parents, children and kin, and what they owe one another.',
  work: 'Effort and what it brings — and what idleness costs.',
  leadership: 'Chiefs, elders and anyone who leads, and what is asked of them.',
  unity: 'The strength of standing together and the weakness of standing alone.',
  character: 'Who a person is: honesty, good conduct and a good name.',
  wealth: 'Riches and poverty, and what money can and cannot buy.',
  friendship: 'Friends true and false, and how a friendship is kept.',
  humility: 'Pride, modesty and knowing your place.',
  perseverance: 'Keeping on through hardship until the work is done.',
  caution: 'Looking before you leap, and the price of carelessness.',
  knowledge: 'Learning, experience and the limits of what anyone knows.',
  consequences: 'Every act brings its results: what you sow, you reap.',
}
