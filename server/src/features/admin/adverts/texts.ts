import { ADVERT_MAX_BYTES } from '@core/admin/validation'

export const ADVERT_TEXTS = {
  notFound: 'No advert has that id.',
  notMultipart: 'Send the advert as multipart/form-data: the file, with name, alt and link.',
  noFile: 'Choose a WebP image or an MP4 video to upload.',
  tooLarge: `The advert must be ${ADVERT_MAX_BYTES / 1024 / 1024} MB or smaller.`,
  wrongType: 'Upload a WebP image or an MP4 video.',
  unreadable: 'The upload could not be read. Please try again.',
  nameTaken: 'An advert with this name exists already.',
} as const
