// Drives an import through the real server over HTTP, as the wizard's forms do: the
// kill -9 test and bench/import.ts. Signs in as the demo store's owner (DATA_DIR/demo-credentials.txt).

import { readFileSync } from "node:fs";
import path from "node:path";

export type Session = { url: string; cookie: string };

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export async function signInDemo(url: string, dataDir: string): Promise<Session> {
  const password = /password: (\S+)/.exec(
    readFileSync(path.join(dataDir, "demo-credentials.txt"), "utf8"),
  )![1];
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email: "demo@vitrina.mk", password }),
  });
  if (!response.ok) throw new Error(`demo sign-in: ${response.status} ${await response.text()}`);
  return { url, cookie: `${cookiesOf(response)}; lang=en` };
}

async function post(session: Session, pathname: string, body: FormData): Promise<Response> {
  const response = await fetch(`${session.url}${pathname}`, {
    method: "POST",
    headers: { Cookie: session.cookie, Origin: session.url },
    body,
    redirect: "manual",
  });
  if (response.status !== 302) {
    throw new Error(`POST ${pathname}: ${response.status} ${(await response.text()).slice(0, 500)}`);
  }
  return response;
}

/** Step 1: the upload; answers the new import's id. */
export async function uploadImport(session: Session, name: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name));
  const response = await post(session, "/dashboard/products/import", form);
  return response.headers.get("Location")!.split("/").pop()!;
}

/** A page of the wizard as the owner opens it (the mapping step, ?step=preview); throws unless 200. */
export async function openImportPage(session: Session, jobId: string, step = ""): Promise<string> {
  const response = await fetch(`${session.url}/dashboard/products/import/${jobId}${step}`, {
    headers: { Cookie: session.cookie },
  });
  const page = await response.text();
  if (response.status !== 200) throw new Error(`import page${step}: ${response.status}`);
  return page;
}

/** Step 2: the mapping form, posted with the columns' fields (encoding and delimiter as detected). */
export async function mapImport(session: Session, jobId: string, mapping: (string | null)[]): Promise<void> {
  const form = new FormData();
  form.append("intent", "map");
  form.append("encoding", "");
  form.append("delimiter", "");
  mapping.forEach((field, index) => {
    form.append(`column.${index}`, field ?? "");
  });
  await post(session, `/dashboard/products/import/${jobId}`, form);
}

/** Step 4: the image choice, which queues the import on the server. */
export async function startImport(session: Session, jobId: string, imageOption = "skip"): Promise<void> {
  const form = new FormData();
  form.append("intent", "start");
  form.append("imageOption", imageOption);
  await post(session, `/dashboard/products/import/${jobId}`, form);
}

export type JobState =
  | { status: "running" }
  | { status: "done"; counts: Record<string, number> }
  | { status: "failed"; page: string };

/** The import page as the owner sees it, read for its state (English, lang=en). */
export async function importState(session: Session, jobId: string): Promise<JobState> {
  const response = await fetch(`${session.url}/dashboard/products/import/${jobId}`, {
    headers: { Cookie: session.cookie },
  });
  const page = await response.text();
  if (response.status !== 200) throw new Error(`import page: ${response.status}`);
  if (page.includes('role="progressbar"')) return { status: "running" };
  if (page.includes("Import failed")) return { status: "failed", page };
  const counts: Record<string, number> = {};
  for (const match of page.matchAll(/data-count="(\w+)">([\d.]+)</g))
    counts[match[1]!] = Number(match[2]!.replace(/\./g, ""));
  return { status: "done", counts };
}

export async function waitForImport(session: Session, jobId: string, timeoutMs = 600_000): Promise<JobState> {
  const deadline = Date.now() + timeoutMs;
  let failures = 0;
  while (Date.now() < deadline) {
    let state: JobState;
    try {
      state = await importState(session, jobId);
      failures = 0;
    } catch (error) {
      // A kept-alive connection the server closed as the next poll went out: ask again.
      if (++failures > 5) throw error;
      continue;
    }
    if (state.status !== "running") return state;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`import ${jobId} did not finish within ${timeoutMs / 1000} s`);
}
