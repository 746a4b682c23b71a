/**
 * Nothing to prepare: the web server command empties the data dir before it starts (Playwright runs
 * globalSetup after the web server is up, too late to delete the database files).
 */
export default function globalSetup(): void {}
