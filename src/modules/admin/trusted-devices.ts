// A browser an admin has signed in from before carries a trusted-device token, so a guess
// spread over many addresses cannot lock the admin out (OWASP's device cookies): attempts
// with a valid token for the username are limited per device, not per username.
// The token is `userId.issuedAt.deviceId.mac`: an HMAC-SHA256 under a key derived from the
// data key (HKDF), bound to a fingerprint of the admin's password hash, so a password reset
// retires every device the admin trusted before. Nothing is stored.
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

export const ADMIN_DEVICE_COOKIE = "ichra_admin_device";
/** How long a browser stays trusted after its last successful sign-in. */
export const DEVICE_TRUST_DAYS = 180;
const dayMs = 24 * 60 * 60 * 1000;

export interface AdminCredential {
  id: number;
  passwordHash: string;
}

export function deviceKey(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", dataKey, Buffer.alloc(0), "ichra admin trusted-device tokens v1", 32));
}

const fingerprint = (passwordHash: string) => createHash("sha256").update(passwordHash).digest("hex");

const mac = (key: Buffer, payload: string, admin: AdminCredential) =>
  createHmac("sha256", key)
    .update(`${payload}|${fingerprint(admin.passwordHash)}`)
    .digest("base64url");

export function issueDeviceToken(key: Buffer, admin: AdminCredential, now = Date.now(), deviceId = randomBytes(12).toString("base64url")) {
  const payload = `${admin.id}.${now}.${deviceId}`;
  return `${payload}.${mac(key, payload, admin)}`;
}

/** The device id when the token was issued to this admin, under this password, within the trust period; else null. */
export function trustedDevice(key: Buffer, token: unknown, admin: AdminCredential | null, now = Date.now()): string | null {
  if (!admin || typeof token !== "string" || token.length > 200) return null;
  const match = /^(\d{1,12})\.(\d{1,16})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, userId, issuedAt, deviceId, given] = match;
  if (Number(userId) !== admin.id) return null;
  const age = now - Number(issuedAt);
  if (age < 0 || age > DEVICE_TRUST_DAYS * dayMs) return null;
  const expected = Buffer.from(mac(key, `${userId}.${issuedAt}.${deviceId}`, admin));
  const actual = Buffer.from(given!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? deviceId! : null;
}

export const deviceCookieMaxAgeSeconds = DEVICE_TRUST_DAYS * 24 * 60 * 60;
