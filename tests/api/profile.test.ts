import jpeg from 'jpeg-js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Address } from '../../src/core/account/contract'
import type { EthnicGroup } from '../../src/core/proverbs/contract'
import type { Plan } from '../../src/core/payments/contract'
import { call, get, groupsBySlug, memberOf, multipart, plansByName, post, put, uniquePhone, type FormPart } from '../support/accounts'
import { createTestApp } from '../support/test-app'

let ctx: Awaited<ReturnType<typeof createTestApp>>
let plans: Record<string, Plan>
let groups: Record<string, EthnicGroup>
beforeAll(async () => {
  ctx = await createTestApp()
  plans = await plansByName(ctx.app)
  groups = await groupsBySlug(ctx.app)
})
afterAll(() => ctx.close())

const newUser = (overrides: Parameters<typeof memberOf>[2] = {}) => memberOf(ctx.app, ctx.database.db, overrides)

const LAGOS: Address = {
  country: 'Nigeria',
  state: 'Lagos',
  city: 'Ikeja',
  street: 'Allen Avenue',
  house_number: '12B',
  postal_code: '100271',
}
const ACCRA: Address = {
  country: 'Ghana',
  state: 'Greater Accra',
  city: 'Accra',
  street: 'Oxford Street',
  house_number: '7',
  postal_code: 'GA-039',
}

// Real images: a 1×1 PNG, a 2×2 JPEG encoded here, and a 1×1 lossless WebP.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
const JPEG = Buffer.from(jpeg.encode({ data: Buffer.alloc(2 * 2 * 4, 200), width: 2, height: 2 }, 80).data)
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64')
const MAX_BYTES = 2 * 1024 * 1024

/** A PNG of exactly `size` bytes: the signature and header, padded (only the first bytes decide the type). */
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)])

function upload(token: string, parts: FormPart[]) {
  const { payload, contentType } = multipart(parts)
  return call(ctx.app, 'POST', '/api/user/profile/picture', { payload, token, headers: { 'content-type': contentType } })
}

const picture = (content: Buffer, filename = 'me.png', type = 'image/png'): FormPart => ({ name: 'picture', filename, type, content })

test('personal info reads {data:{content:{firstName,lastName,email,phoneNumber}}}', async () => {
  const phoneNumber = uniquePhone()
  const user = await newUser({ firstName: 'Amara', lastName: 'Nwosu', phoneNumber })
  const res = await get(ctx.app, '/api/user/profile/personalInfo', user.token)
  expect(res.status).toBe(200)
  expect(res.body).toEqual({ data: { content: { firstName: 'Amara', lastName: 'Nwosu', email: user.email, phoneNumber } } })
})

test('saving personal info is checked with the spec’s messages', async () => {
  const user = await newUser()
  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [{}, { firstName: 'Please enter your First name', lastName: 'Please enter your Last name' }],
    [
      { firstName: 'Ada1', lastName: 'Eze2' },
      { firstName: 'First name cannot contain numbers', lastName: 'First name cannot contain numbers' },
    ],
    [{ firstName: 'Ada', lastName: 'Eze', phoneNumber: '080123' }, { phoneNumber: 'Size must be at least 10 characters' }],
    [
      { firstName: 'Ada', lastName: 'Eze', phoneNumber: '+2348012345678901' },
      { phoneNumber: 'Phone number must be at most 15 characters' },
    ],
    [{ firstName: 'Ada', lastName: 'Eze', phoneNumber: '0801 234 567' }, { phoneNumber: 'Invalid phone number' }],
  ]
  for (const [body, fields] of cases) {
    const res = await post(ctx.app, '/api/user/profile/personalInfo', body, user.token)
    expect(res.status, JSON.stringify(body)).toBe(400)
    expect(res.body.error).toEqual({ code: 'bad_request', message: expect.any(String), fields })
  }
  expect((await get(ctx.app, '/api/user/profile/personalInfo', user.token)).body.data.content).toMatchObject({
    firstName: 'Adaeze',
    lastName: 'Okafor',
  })
})

test('saving personal info updates names and phone and ignores an email in the body', async () => {
  const user = await newUser()
  const phoneNumber = uniquePhone()
  const res = await post(
    ctx.app,
    '/api/user/profile/personalInfo',
    { firstName: ' Chiamaka ', lastName: 'Eze', phoneNumber, email: 'hijack@example.com' },
    user.token,
  )
  const expected = { content: { firstName: 'Chiamaka', lastName: 'Eze', email: user.email, phoneNumber } }
  expect(res.status).toBe(200)
  expect(res.body).toEqual({ data: expected })
  expect((await get(ctx.app, '/api/user/profile/personalInfo', user.token)).body).toEqual({ data: expected })
})

test('a phone number another account uses is a 409 and changes nothing', async () => {
  const taken = uniquePhone()
  await newUser({ phoneNumber: taken })
  const user = await newUser()
  const res = await post(
    ctx.app,
    '/api/user/profile/personalInfo',
    { firstName: 'Tunde', lastName: 'Bello', phoneNumber: taken },
    user.token,
  )
  expect(res.status).toBe(409)
  expect(res.body).toEqual({
    error: {
      code: 'conflict',
      message: 'An account with this phone number already exists.',
      fields: { phoneNumber: 'An account with this phone number already exists.' },
    },
  })
  expect((await get(ctx.app, '/api/user/profile/personalInfo', user.token)).body.data.content).toMatchObject({
    firstName: 'Adaeze',
    phoneNumber: null,
  })
})

test('the address is null until saved; each of its six fields is required', async () => {
  const user = await newUser()
  expect(await get(ctx.app, '/api/user/profile/address', user.token)).toMatchObject({ status: 200, body: { data: null } })
  const every = {
    country: 'Required',
    state: 'Required',
    city: 'Required',
    street: 'Required',
    house_number: 'Required',
    postal_code: 'Required',
  }
  for (const body of [{}, Object.fromEntries(Object.keys(LAGOS).map((key) => [key, '   ']))]) {
    const res = await post(ctx.app, '/api/user/profile/address', body, user.token)
    expect(res.status).toBe(400)
    expect(res.body.error).toEqual({ code: 'bad_request', message: 'Required', fields: every })
  }
  for (const key of Object.keys(LAGOS)) {
    const res = await post(ctx.app, '/api/user/profile/address', { ...LAGOS, [key]: '' }, user.token)
    expect(res.body.error.fields, key).toEqual({ [key]: 'Required' })
  }
  expect((await get(ctx.app, '/api/user/profile/address', user.token)).body).toEqual({ data: null })
})

test('saving the address stores it, and saving again replaces it', async () => {
  const user = await newUser()
  expect(await post(ctx.app, '/api/user/profile/address', LAGOS, user.token)).toMatchObject({ status: 200, body: { data: LAGOS } })
  expect((await get(ctx.app, '/api/user/profile/address', user.token)).body).toEqual({ data: LAGOS })
  expect(await post(ctx.app, '/api/user/profile/address', { ...ACCRA, userId: 1 }, user.token)).toMatchObject({
    status: 200,
    body: { data: ACCRA },
  })
  expect((await get(ctx.app, '/api/user/profile/address', user.token)).body).toEqual({ data: ACCRA })
})

test('the full profile brings account, plan, address, picture flag and chosen languages together', async () => {
  const phoneNumber = uniquePhone()
  const user = await newUser({ packageId: plans.Silver.id, languages: [groups.yoruba.id, groups.igbo.id], phoneNumber })
  expect((await post(ctx.app, '/api/user/profile/address', LAGOS, user.token)).status).toBe(200)
  const res = await get(ctx.app, '/api/user/profile/full', user.token)
  expect(res.status).toBe(200)
  expect(res.body).toEqual({
    data: {
      id: user.user.id,
      email: user.email,
      firstName: 'Adaeze',
      lastName: 'Okafor',
      phoneNumber,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      package: plans.Silver,
      hasActivePackage: false,
      address: LAGOS,
      hasPicture: false,
      languages: [groups.yoruba, groups.igbo],
    },
  })
  expect((await upload(user.token, [picture(PNG)])).status).toBe(200)
  expect((await get(ctx.app, '/api/user/profile/full', user.token)).body.data.hasPicture).toBe(true)
})

test('with no picture, GET answers 204 with an empty body', async () => {
  const user = await newUser()
  const res = await get(ctx.app, '/api/user/profile/picture', user.token)
  expect(res.status).toBe(204)
  expect(res.raw.length).toBe(0)
})

test('PNG, JPEG and WebP pictures are stored and served back byte for byte with the type their content shows', async () => {
  const user = await newUser()
  const images: [Buffer, string, string][] = [
    [PNG, 'me.png', 'image/png'],
    [JPEG, 'me.jpg', 'image/jpeg'],
    [WEBP, 'me.webp', 'image/webp'],
  ]
  for (const [bytes, filename, type] of images) {
    const res = await upload(user.token, [picture(bytes, filename, type)])
    expect(res.status, type).toBe(200)
    expect(res.body).toEqual({ data: { mimeType: type, size: bytes.length, maxBytes: MAX_BYTES } })
    const back = await get(ctx.app, '/api/user/profile/picture', user.token)
    expect(back.status).toBe(200)
    expect(back.headers['content-type']).toBe(type)
    expect(back.headers['cache-control']).toBe('private, no-cache')
    expect(Buffer.compare(back.raw, bytes)).toBe(0)
  }
})

test('the content decides: a PNG named .txt and sent as text/plain is stored as image/png', async () => {
  const user = await newUser()
  const res = await upload(user.token, [
    { name: 'notes', content: 'a form field before the file' },
    picture(PNG, 'notes.txt', 'text/plain'),
  ])
  expect(res.status).toBe(200)
  expect(res.body.data.mimeType).toBe('image/png')
  expect((await get(ctx.app, '/api/user/profile/picture', user.token)).headers['content-type']).toBe('image/png')
})

test('a text file named picture.png and sent as image/png is a 415 and keeps the old picture', async () => {
  const user = await newUser()
  expect((await upload(user.token, [picture(JPEG, 'me.jpg', 'image/jpeg')])).status).toBe(200)
  for (const content of ['hello, this is not a picture', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'GIF89a\u0001\u0000\u0001\u0000']) {
    const res = await upload(user.token, [picture(Buffer.from(content), 'picture.png', 'image/png')])
    expect(res.status).toBe(415)
    expect(res.body.error).toEqual({
      code: 'unsupported_media_type',
      message: 'Upload a PNG, JPEG or WebP image.',
      fields: { picture: 'Upload a PNG, JPEG or WebP image.' },
    })
  }
  const kept = await get(ctx.app, '/api/user/profile/picture', user.token)
  expect(kept.headers['content-type']).toBe('image/jpeg')
  expect(Buffer.compare(kept.raw, JPEG)).toBe(0)
})

test('a picture of exactly 2 MB is accepted; one byte more is a 413', async () => {
  const user = await newUser()
  const largest = pngOfSize(MAX_BYTES)
  const accepted = await upload(user.token, [picture(largest)])
  expect(accepted.status).toBe(200)
  expect(accepted.body.data.size).toBe(MAX_BYTES)
  expect((await get(ctx.app, '/api/user/profile/picture', user.token)).raw.length).toBe(MAX_BYTES)

  const refused = await upload(user.token, [picture(pngOfSize(MAX_BYTES + 1))])
  expect(refused.status).toBe(413)
  expect(refused.body.error).toEqual({
    code: 'payload_too_large',
    message: 'The picture must be 2 MB or smaller.',
    fields: { picture: 'The picture must be 2 MB or smaller.' },
  })
  expect((await get(ctx.app, '/api/user/profile/picture', user.token)).raw.length).toBe(MAX_BYTES)
})

test('a picture sent as anything but multipart/form-data is a 415', async () => {
  const user = await newUser()
  const bodies: [unknown, Record<string, string>][] = [
    [{ picture: PNG.toString('base64') }, {}],
    [PNG, { 'content-type': 'image/png' }],
    [PNG, { 'content-type': 'application/octet-stream' }],
  ]
  for (const [payload, headers] of bodies) {
    const res = await call(ctx.app, 'POST', '/api/user/profile/picture', { payload, token: user.token, headers })
    expect(res.status, JSON.stringify(headers)).toBe(415)
    expect(res.body.error.code).toBe('unsupported_media_type')
  }
  expect((await get(ctx.app, '/api/user/profile/picture', user.token)).status).toBe(204)
})

test('a multipart body without a file is a 400 asking for a picture', async () => {
  const user = await newUser()
  for (const parts of [[], [{ name: 'caption', content: 'me at the market' }]]) {
    const res = await upload(user.token, parts)
    expect(res.status).toBe(400)
    expect(res.body.error).toEqual({
      code: 'bad_request',
      message: 'Choose a picture to upload.',
      fields: { picture: 'Choose a picture to upload.' },
    })
  }
})

test('broken multipart bodies are a 4xx, never a 500', async () => {
  const user = await newUser()
  const { payload, contentType } = multipart([picture(PNG)])
  const broken: [Buffer | string, string][] = [
    [payload.subarray(0, payload.length - 30), contentType],
    [payload.subarray(0, 80), contentType],
    [payload, 'multipart/form-data; boundary=someOtherBoundary'],
    [payload, 'multipart/form-data'],
    ['', contentType],
    ['garbage without any boundary', contentType],
  ]
  for (const [body, type] of broken) {
    const res = await call(ctx.app, 'POST', '/api/user/profile/picture', {
      payload: body,
      token: user.token,
      headers: { 'content-type': type },
    })
    expect(res.status, `${type} (${body.length} bytes)`).toBeGreaterThanOrEqual(400)
    expect(res.status, `${type} (${body.length} bytes)`).toBeLessThan(500)
    expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) })
  }
  expect((await get(ctx.app, '/api/user/profile/picture', user.token)).status).toBe(204)
})

test('a user’s token reads and changes only that user’s own data, whatever ids the request carries', async () => {
  const a = await newUser({ packageId: plans.Gold.id, languages: [groups.akan.id] })
  const b = await newUser({ packageId: plans.Gold.id, languages: [groups.zulu.id, groups.amharic.id], phoneNumber: uniquePhone() })
  const bId = b.user.id
  const [pA, pB] = (await get(ctx.app, '/api/proverbs/public?size=2')).body.data.map((p: { id: number }) => p.id)

  // B's own data first.
  expect((await post(ctx.app, '/api/user/profile/address', ACCRA, b.token)).status).toBe(200)
  expect((await upload(b.token, [picture(WEBP, 'b.webp', 'image/webp')])).status).toBe(200)
  expect((await put(ctx.app, `/api/proverbs/favourites/${pB}`, b.token)).status).toBe(200)
  expect((await put(ctx.app, `/api/proverbs/likes/${pB}`, b.token)).status).toBe(200)
  const bBefore = await snapshot(b.token)

  // A reads with B's id in the query and writes with B's id in the body.
  const aInfo = await get(ctx.app, `/api/user/profile/personalInfo?userId=${bId}&id=${bId}`, a.token)
  expect(aInfo.body.data.content.email).toBe(a.email)
  expect((await get(ctx.app, `/api/user/profile/full?userId=${bId}`, a.token)).body.data.id).toBe(a.user.id)
  expect((await get(ctx.app, `/api/user/profile/address?userId=${bId}`, a.token)).body.data).toBeNull()
  expect((await get(ctx.app, `/api/user/profile/picture?userId=${bId}`, a.token)).status).toBe(204)
  expect((await get(ctx.app, `/api/proverbs/favourites?userId=${bId}`, a.token)).body.totalElements).toBe(0)
  expect((await get(ctx.app, `/api/proverbs/marks?userId=${bId}`, a.token)).body.data).toEqual({ favourites: [], likes: [] })
  expect((await get(ctx.app, `/api/userPackage/languages?userId=${bId}`, a.token)).body.data.selected).toEqual([groups.akan])

  const withB = { userId: bId, id: bId, user_id: bId }
  expect(
    (await post(ctx.app, '/api/user/profile/personalInfo', { ...withB, firstName: 'Efua', lastName: 'Boateng' }, a.token)).status,
  ).toBe(200)
  expect((await post(ctx.app, '/api/user/profile/address', { ...withB, ...LAGOS }, a.token)).status).toBe(200)
  expect((await upload(a.token, [{ name: 'userId', content: String(bId) }, picture(PNG)])).status).toBe(200)
  expect((await put(ctx.app, `/api/proverbs/favourites/${pA}?userId=${bId}`, a.token)).status).toBe(200)
  expect((await put(ctx.app, `/api/proverbs/likes/${pA}?userId=${bId}`, a.token)).status).toBe(200)
  expect((await call(ctx.app, 'DELETE', `/api/proverbs/favourites/${pB}?userId=${bId}`, { token: a.token })).status).toBe(200)
  expect((await call(ctx.app, 'DELETE', `/api/proverbs/likes/${pB}?userId=${bId}`, { token: a.token })).status).toBe(200)
  expect((await post(ctx.app, '/api/userPackage/languages/update', { ...withB, languages: [groups.hausa.id] }, a.token)).status).toBe(200)

  // A's changes landed on A …
  const aAfter = await snapshot(a.token)
  expect(aAfter.info.content).toMatchObject({ firstName: 'Efua', lastName: 'Boateng', email: a.email })
  expect(aAfter.address).toEqual(LAGOS)
  expect(aAfter.picture).toEqual({ type: 'image/png', bytes: PNG.toString('base64') })
  expect(aAfter.marks).toEqual({ favourites: [pA], likes: [pA] })
  expect(aAfter.languages).toEqual([groups.hausa.id])
  // … and B's data is exactly as it was.
  expect(await snapshot(b.token)).toEqual(bBefore)
  expect(bBefore.marks).toEqual({ favourites: [pB], likes: [pB] })
})

/** Everything a user can read about themselves. */
async function snapshot(token: string) {
  const pictureRes = await get(ctx.app, '/api/user/profile/picture', token)
  return {
    info: (await get(ctx.app, '/api/user/profile/personalInfo', token)).body.data,
    address: (await get(ctx.app, '/api/user/profile/address', token)).body.data,
    picture: { type: pictureRes.headers['content-type'], bytes: pictureRes.raw.toString('base64') },
    favourites: (await get(ctx.app, '/api/proverbs/favourites', token)).body.data.map((p: { id: number }) => p.id),
    marks: (await get(ctx.app, '/api/proverbs/marks', token)).body.data,
    languages: (await get(ctx.app, '/api/userPackage/languages', token)).body.data.selected.map((g: EthnicGroup) => g.id),
    full: (await get(ctx.app, '/api/user/profile/full', token)).body.data,
  }
}
