import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.server.ts';

const folder = mkdtempSync(join(tmpdir(), 'terrace-config-'));
const base = { DATABASE_URL: `file:${join(folder, 'db.sqlite')}` };
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('configuration', () => {
  it('has working defaults for development', () => {
    const config = parseConfig(base);
    expect(config).toMatchObject({ PORT: 4321, PUBLIC_ORG_KEY: 'pk_demo_terrace', MEDIA_DIR: './data/media' });
    expect(parseConfig({}).DATABASE_URL).toBe('file:./data/terrace.db');
  });

  it('generates the development secret once, into the data folder', () => {
    const first = parseConfig(base).APP_SECRET;
    expect(first).toHaveLength(64);
    expect(readFileSync(join(folder, 'app-secret'), 'utf8')).toBe(first);
    expect(parseConfig(base).APP_SECRET).toBe(first);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db'],
    ['API_ORIGIN', 'ftp://api'],
    ['SMTP_URL', 'mail.example.com'],
    ['PUBLIC_ORG_KEY', 'secret key'],
    ['APP_SECRET', 'short'],
    ['ADMIN_TOKEN', 'short'],
    ['ICON_SERVICE_URL', 'icons.example.com'],
    ['MEDIA_BASE_URL', 'cdn.example.com/media'],
    ['MEDIA_BASE_URL', 'ftp://cdn.example.com'],
    ['MEDIA_BASE_URL', '//cdn.example.com/media'],
    ['MEDIA_BASE_URL', 'https://cdn.example.com/media?x=1'],
    ['MEDIA_STORE', 'my-bucket'],
    ['MEDIA_STORE', 'gs://my-bucket'],
    ['MEDIA_STORE', 's3://My_Bucket'],
    ['MEDIA_STORE', 's3://ab'],
    ['MEDIA_STORE', 's3://my-bucket/../other'],
    ['MEDIA_STORE_ENDPOINT', 'minio.internal:9000'],
    ['MEDIA_STORE_ENDPOINT', 'https://minio.internal:9000/bucket'],
    ['MEDIA_STORE_REGION', 'EU West'],
    ['MEDIA_STORE_PATH_STYLE', 'yes'],
    ['TRUSTED_PROXIES', 'proxy.internal'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
    ['TRUSTED_PROXIES', '10.0.0.1, fd00::/129'],
    ['TRUSTED_PROXIES', '10.0.0.0/8/1'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', 'ten'],
    ['DATABASE_POOL_SIZE', '2.5'],
    ['SHUTDOWN_DRAIN_SECONDS', '-1'],
    ['SHUTDOWN_DRAIN_SECONDS', 'soon'],
    ['RETENTION_PURGE_EVERY_SECONDS', '0'],
    ['RETENTION_PURGE_EVERY_SECONDS', '1.5'],
    ['RETENTION_PURGE_EVERY_SECONDS', 'hourly'],
  ])('refuses a bad %s with a message naming it', (name, value) => {
    expect(() => parseConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('opens at most 10 database connections and stops listening at once on SIGTERM, unless told otherwise', () => {
    expect(parseConfig(base)).toMatchObject({ DATABASE_POOL_SIZE: 10, SHUTDOWN_DRAIN_SECONDS: 0 });
    expect(parseConfig({ ...base, DATABASE_POOL_SIZE: '40', SHUTDOWN_DRAIN_SECONDS: '7.5' })).toMatchObject({ DATABASE_POOL_SIZE: 40, SHUTDOWN_DRAIN_SECONDS: 7.5 });
  });

  it('trusts no proxy by default, and takes addresses and CIDR ranges of both families', () => {
    expect(parseConfig(base).TRUSTED_PROXIES).toEqual([]);
    expect(parseConfig({ ...base, TRUSTED_PROXIES: ' 10.0.0.1, 172.16.0.0/12,::1 , fd00::/8,' }).TRUSTED_PROXIES)
      .toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8']);
    expect(() => parseConfig({ ...base, TRUSTED_PROXIES: '10.0.0.1, nginx' })).toThrow(/TRUSTED_PROXIES: "nginx" is not an IP address/);
  });

  it('stops on ADMIN_TOKEN, which API keys replaced, and says what to use instead', () => {
    expect(parseConfig({ ...base, ADMIN_TOKEN: '' }).ADMIN_TOKEN).toBeUndefined();
    expect(() => parseConfig({ ...base, ADMIN_TOKEN: 'a'.repeat(32) })).toThrow(/ADMIN_TOKEN: is no longer read.*npm run operator -- key/);
  });

  it('links media from the app\'s own route by default, or from MEDIA_BASE_URL (a CDN), without a trailing slash', () => {
    expect(parseConfig(base).MEDIA_BASE_URL).toBe('/api/media');
    expect(parseConfig({ ...base, MEDIA_BASE_URL: 'https://cdn.example.com/terrace/media/' }).MEDIA_BASE_URL).toBe('https://cdn.example.com/terrace/media');
    expect(parseConfig({ ...base, MEDIA_BASE_URL: '/media-files' }).MEDIA_BASE_URL).toBe('/media-files');
  });

  it('takes an optional http(s) ICON_SERVICE_URL, unset by default', () => {
    expect(parseConfig(base).ICON_SERVICE_URL).toBeUndefined();
    expect(parseConfig({ ...base, ICON_SERVICE_URL: 'https://icons.example.com' }).ICON_SERVICE_URL).toBe('https://icons.example.com');
  });

  it('requires PUBLIC_URL in production', () => {
    const secret = 'x'.repeat(32);
    const prod = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', APP_SECRET: secret };
    expect(() => parseConfig({ ...prod, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: is required in production/);
    expect(parseConfig({ ...prod, PUBLIC_URL: 'https://club.example' }).PUBLIC_URL).toBe('https://club.example');
  });

  it('requires SMTP_URL and APP_SECRET in production', () => {
    const secret = 'x'.repeat(40);
    expect(() => parseConfig({ ...base, NODE_ENV: 'production', APP_SECRET: secret, PUBLIC_URL: 'https://x.example' })).toThrow(/SMTP_URL: is required/);
    expect(() => parseConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://x.example' })).toThrow(/APP_SECRET/);
    expect(parseConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', APP_SECRET: secret, PUBLIC_URL: 'https://x.example' }).APP_SECRET).toBe(secret);
  });

  it('takes the club\'s identity provider as three settings together, and EMAIL_SIGN_IN off only with it', () => {
    const provider = { OIDC_ISSUER: 'https://id.club.example', OIDC_CLIENT_ID: 'terrace', OIDC_CLIENT_SECRET: 's3cret' };
    expect(parseConfig(base).OIDC_ISSUER).toBeUndefined();
    expect(parseConfig(base).EMAIL_SIGN_IN).toBe('on');
    expect(parseConfig({ ...base, ...provider, EMAIL_SIGN_IN: 'off' })).toMatchObject({ ...provider, EMAIL_SIGN_IN: 'off' });
    expect(() => parseConfig({ ...base, OIDC_ISSUER: provider.OIDC_ISSUER })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three/);
    expect(() => parseConfig({ ...base, ...provider, OIDC_ISSUER: 'id.club.example' })).toThrow(/OIDC_ISSUER:/);
    expect(() => parseConfig({ ...base, EMAIL_SIGN_IN: 'off' })).toThrow(/EMAIL_SIGN_IN: may be off only with OIDC_ISSUER/);
    expect(() => parseConfig({ ...base, EMAIL_SIGN_IN: 'no' })).toThrow(/EMAIL_SIGN_IN:/);
    const prod = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', APP_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://club.example' };
    expect(() => parseConfig({ ...prod, ...provider, OIDC_ISSUER: 'http://id.club.example' })).toThrow(/OIDC_ISSUER: must be https:\/\/ in production/);
  });

  it('keeps media in the folder MEDIA_DIR by default, or in the bucket MEDIA_STORE names, with its settings', () => {
    expect(parseConfig(base).MEDIA_STORE).toBeUndefined();
    expect(parseConfig(base)).toMatchObject({ MEDIA_DIR: './data/media', MEDIA_STORE_PATH_STYLE: 'off', MEDIA_STORE_REGION: 'us-east-1' });
    expect(parseConfig({ ...base, MEDIA_STORE: 's3://terrace-media' }).MEDIA_STORE).toEqual({ bucket: 'terrace-media', prefix: '' });
    expect(parseConfig({ ...base, MEDIA_STORE: 's3://terrace-media/clubs/terrace-fc/', AWS_REGION: 'eu-west-1' })).toMatchObject({
      MEDIA_STORE: { bucket: 'terrace-media', prefix: 'clubs/terrace-fc/' }, MEDIA_STORE_REGION: 'eu-west-1', MEDIA_STORE_PATH_STYLE: 'off',
    });
    const minio = { MEDIA_STORE: 's3://media', MEDIA_STORE_ENDPOINT: 'http://minio.internal:9000', MEDIA_STORE_ACCESS_KEY_ID: 'terrace', MEDIA_STORE_SECRET_ACCESS_KEY: 'x'.repeat(40) };
    expect(parseConfig({ ...base, ...minio })).toMatchObject({ ...minio, MEDIA_STORE: { bucket: 'media', prefix: '' }, MEDIA_STORE_PATH_STYLE: 'on' });
    expect(parseConfig({ ...base, ...minio, MEDIA_STORE_PATH_STYLE: 'off', MEDIA_STORE_REGION: 'auto' })).toMatchObject({ MEDIA_STORE_PATH_STYLE: 'off', MEDIA_STORE_REGION: 'auto' });
  });

  it('stops on a bucket\'s settings without MEDIA_STORE, and on half a pair of keys, naming the variables', () => {
    expect(() => parseConfig({ ...base, MEDIA_STORE_ENDPOINT: 'http://minio.internal:9000' })).toThrow(/MEDIA_STORE_ENDPOINT: is read only with MEDIA_STORE=s3:/);
    expect(() => parseConfig({ ...base, MEDIA_STORE: 's3://media', MEDIA_STORE_ACCESS_KEY_ID: 'terrace' }))
      .toThrow(/MEDIA_STORE_ACCESS_KEY_ID, MEDIA_STORE_SECRET_ACCESS_KEY: set both, or neither/);
    expect(() => parseConfig({ ...base, MEDIA_STORE: 's3://media', AWS_SECRET_ACCESS_KEY: 'x' })).toThrow(/AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: set both/);
    // Without a bucket the AWS_* variables are none of the app's business (another tool on the machine may use them).
    expect(parseConfig({ ...base, AWS_SECRET_ACCESS_KEY: 'x' }).MEDIA_STORE).toBeUndefined();
  });
});
