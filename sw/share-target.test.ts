import { expect, test } from 'vitest'
import { answerShare } from './share-target'

const post = (body: Record<string, string>) =>
  new Request('https://owe.example/share-target', { method: 'POST', body: new URLSearchParams(body) })

test('shared text lands on "Suggest a proverb" in the proverb’s field, with its link on a line of its own', async () => {
  const answer = await answerShare(post({ title: 'A saying', text: 'Ìwà l’ẹwà', url: 'https://example.org/iwa' }))
  expect(answer.status).toBe(303)
  const to = new URL(answer.headers.get('Location')!)
  expect(`${to.origin}${to.pathname}`).toBe('https://owe.example/add_proverb')
  expect(to.searchParams.get('shared')).toBe('Ìwà l’ẹwà\nhttps://example.org/iwa')
})

test('a share with only a title uses it; one with nothing opens the empty form', async () => {
  expect(new URL((await answerShare(post({ title: 'Only a title' }))).headers.get('Location')!).searchParams.get('shared')).toBe(
    'Only a title',
  )
  expect((await answerShare(post({}))).headers.get('Location')).toBe('https://owe.example/add_proverb')
})

test('a link already in the text is not added twice; a body that is not a form still lands on the form', async () => {
  const answer = await answerShare(post({ text: 'Read https://example.org/x', url: 'https://example.org/x' }))
  expect(new URL(answer.headers.get('Location')!).searchParams.get('shared')).toBe('Read https://example.org/x')
  const broken = new Request('https://owe.example/share-target', {
    method: 'POST',
    body: '{',
    headers: { 'content-type': 'application/json' },
  })
  expect((await answerShare(broken)).headers.get('Location')).toBe('https://owe.example/add_proverb')
})
