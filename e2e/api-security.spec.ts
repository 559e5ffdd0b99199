import { expect, test } from "@playwright/test";

/**
 * The security edge over real HTTP against the built server: the launch token, the Host and
 * Origin checks, bounded and validated bodies, and the CSP on every page.
 */
const token = process.env.TOOLSCOPE_TOKEN ?? "";
const auth = { authorization: `Bearer ${token}` };

test("the API refuses a missing, wrong or partial token with 401, and health needs none", async ({
  request,
}) => {
  expect((await request.get("/api/sessions")).status()).toBe(401);
  expect(
    (
      await request.get("/api/sessions", { headers: { authorization: "Bearer wrong-token-0000000000" } })
    ).status(),
  ).toBe(401);
  expect(
    (
      await request.get("/api/sessions", { headers: { authorization: `Bearer ${token.slice(0, -1)}` } })
    ).status(),
  ).toBe(401);
  const body = await (await request.get("/api/sessions")).json();
  expect(body.error).toMatch(/token/i);
  expect(JSON.stringify(body)).not.toContain(token);
  expect((await request.get("/api/health")).status()).toBe(200);
  expect((await request.get("/api/sessions", { headers: auth })).status()).toBe(200);
});

test("a foreign Host or Origin is refused with 403 before any work", async ({ request }) => {
  for (const host of [
    "evil.example",
    "localhost.evil.example:3100",
    "10.0.0.1:3100",
    "127.0.0.1.nip.io:3100",
  ]) {
    const response = await request.get("/api/sessions", { headers: { ...auth, host } });
    expect(response.status(), host).toBe(403);
  }
  for (const origin of ["http://evil.example", "null", "https://127.0.0.1:3100"]) {
    const response = await request.post("/api/sessions", { headers: { ...auth, origin }, data: {} });
    expect(response.status(), origin).toBe(403);
  }
  const before = (await (await request.get("/api/sessions", { headers: auth })).json()).sessions.length;
  await request.post("/api/sessions", {
    headers: { ...auth, origin: "http://evil.example" },
    data: { title: "x" },
  });
  expect((await (await request.get("/api/sessions", { headers: auth })).json()).sessions.length).toBe(before);
});

test("malformed and invalid bodies get 400 naming the field, oversized ones 413, and nothing changes", async ({
  request,
}) => {
  const count = async () =>
    (await (await request.get("/api/sessions", { headers: auth })).json()).sessions.length;
  const before = await count();
  const malformed = await request.post("/api/sessions", {
    headers: { ...auth, "content-type": "application/json" },
    data: Buffer.from("{not json"),
  });
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).error).toMatch(/Malformed JSON/);
  const invalid = await request.post("/api/sessions", {
    headers: auth,
    data: { provider: { kind: "nonsense" } },
  });
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).path).toBe("/provider/kind");
  const unknownTool = await request.post("/api/sessions", {
    headers: auth,
    data: { tools: [{ builtin: "rm_rf" }] },
  });
  expect(await unknownTool.json()).toMatchObject({ path: "/tools/0/builtin" });
  const huge = await request.post("/api/sessions", {
    headers: auth,
    data: { title: "x".repeat(1024 * 1024 + 10) },
  });
  expect(huge.status()).toBe(413);
  expect(await count()).toBe(before);

  const created = await (await request.post("/api/sessions", { headers: auth, data: {} })).json();
  const empty = await request.post(`/api/sessions/${created.id}/messages`, {
    headers: auth,
    data: { text: 3 },
  });
  expect(empty.status()).toBe(400);
  expect((await empty.json()).path).toBe("/text");
  expect((await request.get(`/api/sessions/ses_missing`, { headers: auth })).status()).toBe(404);
});

test("every page carries the CSP with a fresh nonce, and no page hands out the token", async ({
  request,
}) => {
  const first = await request.get("/", { headers: auth });
  const second = await request.get("/", { headers: auth });
  const csp = first.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("'strict-dynamic'");
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/https?:\/\//);
  expect(second.headers()["content-security-policy"]).not.toBe(csp);
  expect(await first.text()).not.toContain(token);
  const redirect = await request.get(`/?token=${token}`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(303);
  expect(redirect.headers()["location"]).not.toContain("token");
  expect(redirect.headers()["set-cookie"]).toMatch(/HttpOnly/i);
  expect(redirect.headers()["set-cookie"]).toMatch(/SameSite=Strict/i);
});
