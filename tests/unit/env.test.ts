import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  redactDatabaseUrl,
  redactUrlPassword,
} from '../../src/server/env';

describe('loadConfig', () => {
  it('has working defaults for a new user', () => {
    const config = loadConfig({}, '/srv/tidings');
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('/srv/tidings/data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: 'Tidings <tidings@localhost>',
      importLeaseMs: 30_000,
      importBatchSize: 500,
      backupDir: path.resolve('/srv/tidings/data/backups'),
      backupKeep: 24,
      smsAllowedCountries: ['US', 'CA'],
      optinHourlyLimit: 100,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/tidings',
      DATABASE_URL: 'postgresql://app:pw@db:5432/tidings',
      PUBLIC_URL: 'https://tidings.example.org/',
      ADMIN_EMAIL: ' Ada@Example.org ',
      ADMIN_PASSWORD: 'correct horse',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: 'true',
      DB_POOL_SIZE: '20',
      SMTP_URL: 'smtps://mailer:p%40ss@mail.example.org:465',
      MAIL_FROM: 'Team Tidings <team@example.org>',
      IMPORT_LEASE_SECONDS: '120',
      IMPORT_BATCH_SIZE: '1000',
      BACKUP_DIR: '/mnt/backups/tidings',
      BACKUP_KEEP: '0',
      SMS_ALLOWED_COUNTRIES: ' us, CA ,mx,us',
      OPTIN_HOURLY_LIMIT: '250',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/tidings',
      databaseUrl: 'postgresql://app:pw@db:5432/tidings',
      publicUrl: 'https://tidings.example.org',
      adminEmail: 'ada@example.org',
      adminPassword: 'correct horse',
      logLevel: 'debug',
      trustProxy: true,
      dbPoolSize: 20,
      smtpUrl: 'smtps://mailer:p%40ss@mail.example.org:465',
      mailFrom: 'Team Tidings <team@example.org>',
      importLeaseMs: 120_000,
      importBatchSize: 1000,
      backupDir: '/mnt/backups/tidings',
      backupKeep: 0,
      smsAllowedCountries: ['US', 'CA', 'MX'],
      optinHourlyLimit: 250,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    [
      { PORT: '3.5' },
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "3.5")',
    ],
    [
      { PORT: '-1' },
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "-1")',
    ],
    [
      { DATABASE_URL: 'not a url' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)',
    ],
    [
      { PUBLIC_URL: 'ftp://x' },
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "ftp://x")',
    ],
    [
      { ADMIN_EMAIL: 'admin' },
      'Invalid configuration: ADMIN_EMAIL must be an email address of the form name@example.org (got "admin")',
    ],
    [
      { ADMIN_PASSWORD: '123' },
      'Invalid configuration: ADMIN_PASSWORD must be at least 6 characters long',
    ],
    [
      { TRUST_PROXY: 'yes' },
      'Invalid configuration: TRUST_PROXY must be true or false (got "yes")',
    ],
    [
      { SMTP_URL: 'http://mailer:s3cret@mail.example.org' },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL with a host, such as smtp://user:password@mail.example.org:587',
    ],
    [
      { SMTP_URL: 'smtp://mailer:s3cret@:587' },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL with a host, such as smtp://user:password@mail.example.org:587',
    ],
    [
      { MAIL_FROM: 'Tidings' },
      'Invalid configuration: MAIL_FROM must be an email address, alone or as Name <name@example.org> (got "Tidings")',
    ],
    [
      { MAIL_FROM: 'Tidings <a b@example.org>' },
      'Invalid configuration: MAIL_FROM must be an email address, alone or as Name <name@example.org> (got "Tidings <a b@example.org>")',
    ],
    [
      { IMPORT_LEASE_SECONDS: '0' },
      'Invalid configuration: IMPORT_LEASE_SECONDS must be a whole number from 2 to 3600 (got "0")',
    ],
    [
      { IMPORT_BATCH_SIZE: '5000' },
      'Invalid configuration: IMPORT_BATCH_SIZE must be a whole number from 1 to 2000 (got "5000")',
    ],
    [
      { BACKUP_KEEP: '-1' },
      'Invalid configuration: BACKUP_KEEP must be a whole number from 0 to 10000 (got "-1")',
    ],
    [
      { SMS_ALLOWED_COUNTRIES: 'US,XX' },
      'Invalid configuration: SMS_ALLOWED_COUNTRIES must be two-letter country codes separated by commas, such as US,CA (got "US,XX")',
    ],
    [
      { SMS_ALLOWED_COUNTRIES: 'US,,CA' },
      'Invalid configuration: SMS_ALLOWED_COUNTRIES must be two-letter country codes separated by commas, such as US,CA (got "US,,CA")',
    ],
    [
      { OPTIN_HOURLY_LIMIT: '0' },
      'Invalid configuration: OPTIN_HOURLY_LIMIT must be a whole number from 1 to 100000 (got "0")',
    ],
    [
      { HOST: 'bad host!' },
      'Invalid configuration: HOST must be a host name or IP address (got "bad host!")',
    ],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});

describe('redactDatabaseUrl', () => {
  it('hides the password', () => {
    expect(redactDatabaseUrl('postgres://app:s3cret@db:5432/tidings')).toBe(
      'postgres://app:***@db:5432/tidings',
    );
    expect(redactDatabaseUrl('postgres://db/tidings')).toBe('postgres://db/tidings');
  });
});

describe('redactUrlPassword', () => {
  it('hides the password of an SMTP URL', () => {
    expect(redactUrlPassword('smtp://mailer:s3cret@mail.example.org:587')).toBe(
      'smtp://mailer:***@mail.example.org:587',
    );
  });
});

describe('MAIL_FROM', () => {
  it('takes a bare address too', () => {
    expect(loadConfig({ MAIL_FROM: 'noreply@example.org' }).mailFrom).toBe('noreply@example.org');
  });
});

describe('SMS_HELP_CONTACT', () => {
  it('defaults to the address in MAIL_FROM', () => {
    expect(loadConfig({}).smsHelpContact).toBe('tidings@localhost');
    expect(loadConfig({ MAIL_FROM: 'Team Tidings <team@example.org>' }).smsHelpContact).toBe(
      'team@example.org',
    );
    expect(loadConfig({ MAIL_FROM: 'noreply@example.org' }).smsHelpContact).toBe(
      'noreply@example.org',
    );
  });

  it('takes an email address, an E.164 phone number or an http(s) URL', () => {
    for (const value of ['help@example.org', '+15035550123', 'https://example.org/help']) {
      expect(loadConfig({ SMS_HELP_CONTACT: ` ${value} ` }).smsHelpContact).toBe(value);
    }
  });

  it.each(['call us', '5035550123', 'ftp://example.org', 'help@', '+1 503 555 0123'])(
    'refuses %s with one line naming the variable',
    (value) => {
      expect(() => loadConfig({ SMS_HELP_CONTACT: value })).toThrow(
        new ConfigError(
          `Invalid configuration: SMS_HELP_CONTACT must be an email address, a phone number in E.164 form (+14155550123) or an http(s) URL (got ${JSON.stringify(value)})`,
        ),
      );
    },
  );
});

describe('BACKUP_DIR', () => {
  it('is DATA_DIR/backups unless set, and a relative one is read from where Tidings starts', () => {
    expect(loadConfig({ DATA_DIR: 'store' }, '/srv/tidings').backupDir).toBe(
      path.resolve('/srv/tidings/store/backups'),
    );
    expect(loadConfig({ BACKUP_DIR: 'copies' }, '/srv/tidings').backupDir).toBe(
      path.resolve('/srv/tidings/copies'),
    );
  });
});

describe('variables for tests only', () => {
  it.each([
    ['TIDINGS_TEST_CLOCK_OFFSET_MS', '60000'],
    ['TIDINGS_TEST_PASSWORD_COST', '10'],
  ])('stop a server that is not under test when %s is set', (name, value) => {
    for (const NODE_ENV of [undefined, 'production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, [name]: value })).toThrow(
        new ConfigError(`Invalid configuration: ${name} is for tests only (NODE_ENV=test)`),
      );
    }
  });

  it('hash new passwords at the full cost unless a test lowers it, within 2^10 to 2^15', () => {
    expect(loadConfig({}).passwordCost).toBe(15);
    expect(loadConfig({ NODE_ENV: 'test', TIDINGS_TEST_PASSWORD_COST: '10' }).passwordCost).toBe(
      10,
    );
    for (const cost of ['9', '16', '12.5', 'cheap']) {
      expect(() => loadConfig({ NODE_ENV: 'test', TIDINGS_TEST_PASSWORD_COST: cost })).toThrow(
        /^Invalid configuration: TIDINGS_TEST_PASSWORD_COST must be a whole number from 10 to 15/,
      );
    }
  });
});
