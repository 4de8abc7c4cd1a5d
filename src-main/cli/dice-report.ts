import { runDiceReportCli, USAGE } from './dice-report-cli'

/** `npm run dice-report`: are the physics dice fair? (`-- --help` for the options). */
if (process.argv.includes('--help')) {
  process.stdout.write(`${USAGE}\n`)
} else {
  process.exitCode = runDiceReportCli(
    process.argv.slice(2),
    (s) => process.stdout.write(s),
    (s) => process.stderr.write(s),
    () => performance.now(),
  )
}
