import type { AddressInfo } from "node:net";
import dns2 from "dns2";

// A DNS server on loopback for the tests (dns2): it answers TXT questions from `records` (name →
// strings), NXDOMAIN for any other name. DNS_SERVERS, or systemTxtLookup(server.address), points
// Node's resolver at it.

export type TestDnsServer = {
  /** "127.0.0.1:port", the form DNS_SERVERS takes. */
  address: string;
  records: Map<string, string[]>;
  close: () => Promise<void>;
};

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const { Packet } = dns2;
  const records = new Map<string, string[]>();
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = (question?.name ?? "").toLowerCase();
    const values = records.get(name);
    if (question && question.type === Packet.TYPE.TXT && values) {
      for (const data of values) {
        // dns2's type wants a parsed Resource; its encoder takes the plain record.
        const answer = { name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data };
        response.answers.push(answer as unknown as (typeof response.answers)[number]);
      }
    } else if (!values) {
      response.header.rcode = 3;
    }
    send(response);
  });
  await server.listen(0, "127.0.0.1");
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    records,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
