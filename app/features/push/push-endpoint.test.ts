import { describe, expect, it } from "vitest";
import {
  deviceLabel,
  endpointProblem,
  pushServiceHosts,
  validAuthSecret,
  validP256dh,
} from "./push-endpoint";

// Which endpoints the server may post a push to: the browsers' push services only, on https:443.

describe("the push services' allow-list", () => {
  const hosts = pushServiceHosts("");

  it("admits the browsers' push services", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://a.push.services.mozilla.com/x",
      "https://db5p.notify.windows.com/w/?token=AwYAAA",
      "https://web.push.apple.com/QGuQ",
      "https://FCM.googleapis.com:443/fcm/send/x",
    ]) {
      expect([endpoint, endpointProblem(endpoint, hosts)]).toEqual([endpoint, null]);
    }
  });

  it("refuses look-alikes, other ports, plain HTTP, credentials and other schemes", () => {
    const refused = (endpoint: string) => endpointProblem(endpoint, hosts);
    expect(refused("https://fcm.googleapis.com.evil.example/x")).toBe("endpointNotAllowed");
    expect(refused("https://evilfcm.googleapis.com/x")).toBe("endpointNotAllowed");
    expect(refused("https://push.services.mozilla.com.evil.example/x")).toBe("endpointNotAllowed");
    expect(refused("https://notify.windows.com/x")).toBe("endpointNotAllowed");
    expect(refused("https://fcm.googleapis.com:8443/x")).toBe("endpointNotAllowed");
    expect(refused("https://127.0.0.1/x")).toBe("endpointNotAllowed");
    expect(refused("http://fcm.googleapis.com/x")).toBe("endpointNotHttps");
    expect(refused("https://user:pw@fcm.googleapis.com/x")).toBe("endpointInvalid");
    expect(refused("file:///etc/passwd")).toBe("endpointNotHttps");
    expect(refused("not a url")).toBe("endpointInvalid");
    expect(refused(`https://fcm.googleapis.com/${"a".repeat(1100)}`)).toBe("endpointInvalid");
  });

  it("admits plain HTTP only for an origin the setting names with its scheme", () => {
    const extended = pushServiceHosts("http://127.0.0.1:4999, push.test.example");
    expect(endpointProblem("http://127.0.0.1:4999/push/1", extended)).toBeNull();
    expect(endpointProblem("http://127.0.0.1:5000/push/1", extended)).toBe("endpointNotHttps");
    expect(endpointProblem("https://push.test.example/x", extended)).toBeNull();
    expect(endpointProblem("http://push.test.example/x", extended)).toBe("endpointNotHttps");
  });
});

describe("a subscription's keys", () => {
  it("wants a 65-byte uncompressed P-256 point and a 16-byte secret", () => {
    const point = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
    expect(validP256dh(point)).toBe(true);
    expect(validP256dh(Buffer.alloc(65, 7).toString("base64url"))).toBe(false);
    expect(validP256dh(point.slice(0, 60))).toBe(false);
    expect(validP256dh(`${point}!`)).toBe(false);
    expect(validAuthSecret(Buffer.alloc(16, 1).toString("base64url"))).toBe(true);
    expect(validAuthSecret(Buffer.alloc(32, 1).toString("base64url"))).toBe(false);
  });
});

describe("a device's name", () => {
  it("says the browser and the system", () => {
    expect(
      deviceLabel(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari · iOS");
    expect(
      deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"),
    ).toBe("Firefox · Windows");
    expect(deviceLabel(null)).toBe("");
  });
});
