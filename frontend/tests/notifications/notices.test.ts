import { afterEach, describe, expect, it, vi } from "vitest";

import { keyBytes, showCount, subscriptionSave } from "../../src/notifications/notices";

function bell(unread: number): HTMLElement {
  const link = document.createElement("a");
  link.innerHTML = `<span class="notice-bell-count"${unread ? "" : " hidden"}>${unread}</span>`;
  return link;
}

describe("the notices' bell", () => {
  it("shows the unread count and hides it at zero", () => {
    const link = bell(0);
    const count = link.querySelector<HTMLElement>(".notice-bell-count")!;
    showCount(link, 3);
    expect(count.textContent).toBe("3");
    expect(count.hidden).toBe(false);
    showCount(link, 0);
    expect(count.hidden).toBe(true);
  });
});

describe("the Web Push subscription", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the VAPID key's base64url as the point's 65 bytes", () => {
    const point = new Uint8Array(65).map((_, i) => (i * 37 + 4) % 256);
    const base64url = btoa(String.fromCharCode(...point)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(Array.from(keyBytes(base64url))).toEqual(Array.from(point));
  });

  it("posts the subscription with the CSRF token and says whether it was kept", async () => {
    document.cookie = "csrftoken=tok123";
    const fetch = vi.fn().mockResolvedValue({ status: 201 });
    vi.stubGlobal("fetch", fetch);
    const subscription = { endpoint: "https://push.example/x", keys: { p256dh: "k", auth: "a" } };
    expect(await subscriptionSave("/api/notifications/push/", subscription)).toBe(true);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/api/notifications/push/");
    expect(init.method).toBe("POST");
    expect(init.headers["X-CSRFToken"]).toBe("tok123");
    expect(JSON.parse(init.body)).toEqual(subscription);
    fetch.mockResolvedValue({ status: 403 });
    expect(await subscriptionSave("/api/notifications/push/", subscription)).toBe(false);
  });
});
