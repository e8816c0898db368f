import { eq } from 'drizzle-orm'
import type { Address, PersonalInfo } from '@core/account/contract'
import type { Db } from '../../db/client'
import { packages, userAddresses, userPictures, users } from '../../db/schema'

export type AddressValues = Omit<typeof userAddresses.$inferInsert, 'userId'>
export type PictureValues = Omit<typeof userPictures.$inferInsert, 'userId'>

export function toAddress(row: typeof userAddresses.$inferSelect | undefined): Address | null {
  if (!row) return null
  return {
    country: row.country,
    state: row.state,
    city: row.city,
    street: row.street,
    house_number: row.houseNumber,
    postal_code: row.postalCode,
  }
}

export async function personalInfoOf(db: Db, userId: number): Promise<PersonalInfo['content'] | undefined> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId))
  return user
}

export async function updatePersonalInfo(
  db: Db,
  userId: number,
  values: { firstName: string; lastName: string; phoneNumber: string | null },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId))
}

export async function addressOf(db: Db, userId: number) {
  const [row] = await db.select().from(userAddresses).where(eq(userAddresses.userId, userId))
  return row
}

export async function saveAddress(db: Db, userId: number, values: AddressValues) {
  const [row] = await db
    .insert(userAddresses)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userAddresses.userId, set: values })
    .returning()
  return row
}

export async function userById(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  return user
}

export async function planById(db: Db, id: number) {
  const [plan] = await db.select().from(packages).where(eq(packages.id, id))
  return plan
}

export async function hasPicture(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: userPictures.userId }).from(userPictures).where(eq(userPictures.userId, userId))
  return Boolean(row)
}

export async function pictureOf(db: Db, userId: number) {
  const [row] = await db.select().from(userPictures).where(eq(userPictures.userId, userId))
  return row
}

export async function savePicture(db: Db, userId: number, values: PictureValues): Promise<void> {
  await db
    .insert(userPictures)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPictures.userId, set: values })
}
