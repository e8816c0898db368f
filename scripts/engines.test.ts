import fs from 'node:fs'
import path from 'node:path'
import semver from 'semver'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'))

test('every package npm installs runs on the oldest Node the README and package.json promise, so installing warns of none', () => {
  const promised: string = read('package.json').engines.node
  const oldest = semver.minVersion(promised)!.version
  expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(`${semver.major(oldest)}.${semver.minor(oldest)} or later`)
  const packages: Record<string, { version?: string; engines?: { node?: string }; optional?: boolean }> = read('package-lock.json').packages
  // Optional packages (another platform's binary) are skipped by npm where they do not fit, without a warning.
  const refusing = Object.entries(packages)
    .filter(([name, pkg]) => name !== '' && !pkg.optional && pkg.engines?.node && !semver.satisfies(oldest, pkg.engines.node))
    .map(([name, pkg]) => `${name.replace(/^.*node_modules\//, '')}@${pkg.version} wants Node ${pkg.engines!.node}`)
  expect(refusing).toEqual([])
})
