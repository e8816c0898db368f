import { createAdmin } from '../features/admin/admin-accounts'
import { openForCli, runCli } from './open-database'

const USAGE = 'Usage: npm run admin:create -- <email>'

runCli(async () => {
  const email = process.argv[2]
  if (!email || process.argv.length > 3) throw new Error(USAGE)
  const { config, database } = await openForCli()
  try {
    const result = await createAdmin(database.db, email, new Date(), config.publicUrl)
    if (result.outcome === 'created') {
      console.log(`Created an admin account for ${email.trim().toLowerCase()}.`)
      console.log(`Choose its password within an hour, once, at:\n  ${result.resetLink}`)
      console.log('(Expired? Ask for a new link with "Forgot password" on the sign-in page.)')
    } else {
      console.log(result.outcome === 'promoted' ? `${email} is now an admin.` : `${email} was already an admin; nothing changed.`)
      if (!result.activated)
        console.log('The account is not activated yet: its owner must open the activation link (or reset the password).')
    }
  } finally {
    await database.close()
  }
})
