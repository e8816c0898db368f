/**
 * How large a request body each route takes, by what it accepts (ADR 011). Sizes are for the worst case a
 * valid form can send: every character of its longest texts written as a six-byte JSON escape (\uXXXX).
 * Uploads (multipart) are limited by the file limits of the route that reads them.
 */
export const BODY_LIMITS = {
  /** Every JSON route unless named below: sign-in, sign-up, profile, address, payments, quiz answers… (the
   * largest, sign-up, is about a dozen fields of at most 200 characters: 15 KB escaped). */
  json: 16 * 1024,
  /** Routes that take long text: a suggestion or an admin's proverb (three texts of 1,000 characters), a
   * contact message or FAQ answer (5,000), a quiz question with its options and note, a broadcast. */
  text: 64 * 1024,
  /** The analytics collector: a full batch (EVENT_BATCH_MAX, 50) with every text at its longest, the words
   * searched in three-byte characters (about 70 KB); a batch the app sends (20) is about 5 KB. */
  events: 80 * 1024,
  /** The learning log: a full batch (LEARNING_BATCH_MAX, 200) of the largest entries, a review with every number
   * at its longest, is about 32 KB; a batch the app sends (LEARNING_BATCH_SIZE, 100) about 15 KB. */
  learning: 48 * 1024,
  /** The payment providers' signed webhook events. */
  webhook: 256 * 1024,
} as const

/** The route option for a route that takes long text. */
export const LONG_TEXT_BODY = { bodyLimit: BODY_LIMITS.text }
