import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fakeCpayAnswer } from "./fake-cpay";

// A stand-in for CaSys cPay's hosted payment page in the browser (decisions 0067, 0117), for
// end-to-end tests: the owner's browser posts the signed request here; "Pay" makes the answer
// cPay would (fake-cpay.ts), sends cPay's server-to-server notification to the merchant (at once,
// or when the test calls notifyNow), and shows a "back to the merchant" form that posts the same
// answer to PaymentOKURL.

export type FakeCpayPage = {
  url: string;
  /** Every notification sent and the merchant's HTTP status. */
  notifications: number[];
  /** Sends the notification of the last payment now (with holdNotification); the merchant's status. */
  notifyNow: () => Promise<number>;
  close: () => Promise<void>;
};

const html = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const hiddenFields = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${html(name)}" value="${html(value)}">`)
    .join("");

async function readForm(request: import("node:http").IncomingMessage): Promise<Record<string, string>> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startFakeCpayPage(
  secret: string,
  options: { holdNotification?: boolean } = {},
): Promise<FakeCpayPage> {
  const notifications: number[] = [];
  let held: (() => Promise<number>) | null = null;
  const server: Server = createServer(async (request, response) => {
    const send = (html: string) => {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html lang="mk"><title>cPay (test)</title><body>${html}</body></html>`);
    };
    if (request.method !== "POST") return send("<p>cPay test page</p>");
    const posted = await readForm(request);
    if (request.url === "/pay") {
      const { request: original } = JSON.parse(posted.state ?? "{}") as { request: Record<string, string> };
      const answer = fakeCpayAnswer(original, secret);
      const notify = original.PaymentOKURL!.replace(/\/ok$/, "/notify");
      held = async () => {
        const merchant = await fetch(notify, { method: "POST", body: new URLSearchParams(answer) });
        notifications.push(merchant.status);
        return merchant.status;
      };
      if (!options.holdNotification) await held();
      return send(
        `<h1>Плаќањето е успешно</h1><form method="post" action="${html(original.PaymentOKURL!)}">${hiddenFields(answer)}<button type="submit">Назад кон трговецот</button></form>`,
      );
    }
    return send(
      `<h1>cPay: ${html(posted.AmountToPay ?? "")} ${html(posted.AmountCurrency ?? "")}</h1><form method="post" action="/pay"><label>Број на картичка <input name="card" value="4111 1111 1111 1111"></label><input type="hidden" name="state" value="${html(JSON.stringify({ request: posted }))}"><button type="submit">Плати</button></form>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    notifications,
    notifyNow: () => {
      if (!held) throw new Error("fake cPay: nothing paid yet");
      return held();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
