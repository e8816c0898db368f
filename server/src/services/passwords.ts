import argon2 from 'argon2'

/** argon2id at OWASP's minimum (19 MiB, two passes): about 25 ms a hash on this server class. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS)

/** Used when the email has no account, so a wrong email costs as long as a wrong password. */
let decoy: Promise<string> | undefined

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoy ??= hashPassword('decoy password that matches nothing')
    await argon2.verify(await decoy, password).catch(() => false)
    return false
  }
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}
