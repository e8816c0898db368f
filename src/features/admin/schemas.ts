import * as yup from 'yup'
import { faqInputSchema, broadcastSchema, quizQuestionSchema } from '@/core/admin/validation'
import { ADMIN_TEXTS } from '@/core/admin/texts'

/**
 * The console's forms check what the server checks, with the same messages: where a form's values have
 * the body's shape (proverbs, suggestions, categories) the pages use the schemas of src/core as they
 * are. Here are the forms that differ, each built on its core schema: a select or a number typed in a
 * text field gives '' for none, and a quiz question's options are typed one a line with the right one
 * chosen by its number from 1. `schema.cast(values)` turns a form's values into the body it sends.
 */

/** An object transform: the field, when left empty ('', which Formik hands its schema as undefined), becomes `none`. */
const emptyAs = (field: string, none: null | undefined) => (value: unknown) => {
  if (value === null || typeof value !== 'object') return value
  const given = (value as Record<string, unknown>)[field]
  return given === '' || given === undefined ? { ...value, [field]: none } : value
}

/** An empty position puts the question last. */
export const faqFormSchema = faqInputSchema.transform(emptyAs('position', undefined))

/** "Everyone" is the select's empty choice. */
export const broadcastFormSchema = broadcastSchema.transform(emptyAs('ethnicGroupId', null))

export const optionLines = (value: string | undefined) =>
  (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

type QuizFormFields = { options?: string; correct?: number }

/** A form field checked by the core rule for the body's field it becomes, with that rule's message. */
const asInBody =
  (field: 'options' | 'correct', toBody: (form: QuizFormFields) => Record<string, unknown>) =>
  async (_value: unknown, context: yup.TestContext) => {
    try {
      await quizQuestionSchema.validateAt(field, toBody(context.parent as QuizFormFields))
      return true
    } catch (error) {
      if (error instanceof yup.ValidationError) return context.createError({ message: error.message })
      throw error
    }
  }

/** The question, its note and group as the server has them ("General" is the select's empty choice). */
export const quizQuestionFormSchema = quizQuestionSchema
  .pick(['ethnicGroupId', 'question', 'note'])
  .transform(emptyAs('ethnicGroupId', null))
  .shape({
    options: yup
      .string()
      // Formik gives an emptied field as undefined.
      .default('')
      .defined(ADMIN_TEXTS.options)
      .test(
        'options',
        asInBody('options', (form) => ({ options: optionLines(form.options) })),
      ),
    correct: yup
      .number()
      .typeError(ADMIN_TEXTS.correct)
      .required(ADMIN_TEXTS.correct)
      .test(
        'correct',
        asInBody('correct', (form) => ({ options: optionLines(form.options), correct: Number(form.correct) - 1 })),
      ),
    // The select says "true" or "false".
    active: yup.boolean().defined(),
  })
