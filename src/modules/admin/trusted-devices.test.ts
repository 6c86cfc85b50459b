import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { DEVICE_TRUST_DAYS, deviceKey, issueDeviceToken, trustedDevice } from "./trusted-devices";

const key = deviceKey(randomBytes(32));
const admin = { id: 7, passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$salt$hash" };
const day = 24 * 60 * 60 * 1000;

describe("trusted-device tokens", () => {
  test("a token vouches for the admin it was issued to, and names the device", () => {
    const token = issueDeviceToken(key, admin, 1_000, "AAAAAAAAAAAAAAAA");
    expect(trustedDevice(key, token, admin, 2_000)).toBe("AAAAAAAAAAAAAAAA");
  });

  test("it does not vouch for another admin, under another key, after a password change, or once expired", () => {
    const token = issueDeviceToken(key, admin, 1_000);
    expect(trustedDevice(key, token, { ...admin, id: 8 }, 2_000)).toBeNull();
    expect(trustedDevice(deviceKey(randomBytes(32)), token, admin, 2_000)).toBeNull();
    expect(trustedDevice(key, token, { ...admin, passwordHash: "$argon2id$other" }, 2_000)).toBeNull();
    expect(trustedDevice(key, token, admin, 1_000 + DEVICE_TRUST_DAYS * day + 1)).toBeNull();
    expect(trustedDevice(key, token, null, 2_000)).toBeNull();
  });

  test("altered or malformed tokens vouch for nothing", () => {
    const token = issueDeviceToken(key, admin, 1_000);
    const [id, at, device, mac] = token.split(".");
    expect(trustedDevice(key, [id, Number(at) + 1, device, mac].join("."), admin, 2_000)).toBeNull();
    expect(trustedDevice(key, [id, at, "BBBBBBBBBBBBBBBB", mac].join("."), admin, 2_000)).toBeNull();
    for (const bad of ["", "x", ["1", "2"], 42, `${token}.extra`]) expect(trustedDevice(key, bad, admin, 2_000)).toBeNull();
  });
});
