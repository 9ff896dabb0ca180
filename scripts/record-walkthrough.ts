// The landing page's walk-through video (decision 0050): screenshots of the demo store at phone size with
// the system Chromium, encoded by Debian's ffmpeg into public/landing/ as WebM (VP9) and MP4 (H.264),
// with a poster and WebVTT captions in mk, en and sq. No third-party service plays or hosts it.
//   npm run video:walkthrough              (starts a throw-away server with the demo store)
//   npm run video:walkthrough -- --url http://localhost:3000 --data-dir data   (a running one)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { LOCALES } from "../app/i18n/config";
import { type Server, startServer } from "../bench/support";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { STEPS } from "./walkthrough-steps";

const { values: flags } = parseArgs({
  options: { url: { type: "string" }, "data-dir": { type: "string" } },
});
const ROOT = path.resolve(import.meta.dirname, "..");
/** Captions, by name (public/landing/). */
const OUT = path.join(ROOT, "public/landing");
/** The video and its poster: imported by the page, so the build names them by content (cached a year). */
const MEDIA = path.join(ROOT, "app/features/landing/media");
/** The picture size: a 390 × 844 phone, scaled down (the page shows it at most 300 px wide). */
const VIEW = { width: 390, height: 844 };
const SIZE = { width: 360, height: 780 };
const SECONDS_PER_STEP = 4;

const ffmpeg = (args: string[]) =>
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);

let server: Server | undefined;
let dataDir = flags["data-dir"];
let baseUrl = flags.url;
if (!baseUrl) {
  dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-walkthrough-"));
  // JOBS=off: nothing moves the demo's clock while the pictures are taken.
  server = await startServer(dataDir, { ROOT_DOMAIN: "localhost" });
  // The server's own origin (BASE_URL defaults to localhost): sign-in checks the Origin header.
  baseUrl = server.url.replace("127.0.0.1", "localhost");
}
if (!dataDir) throw new Error("--data-dir is needed with --url (the demo owner's credentials are there)");

const frames = mkdtempSync(path.join(tmpdir(), "vitrina-frames-"));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: VIEW, deviceScaleFactor: 1, reducedMotion: "reduce" });
  await context.addCookies([{ name: "lang", value: "mk", url: baseUrl }]);
  const credentials = readFileSync(path.join(dataDir, "demo-credentials.txt"), "utf8");
  const signIn = await context.request.post(`${baseUrl}/api/auth/sign-in/email`, {
    data: {
      email: credentials.match(/^email: (.+)$/m)![1]!.trim(),
      password: credentials.match(/^password: (.+)$/m)![1]!.trim(),
    },
    headers: { Origin: baseUrl },
  });
  if (!signIn.ok()) throw new Error(`the demo owner could not sign in: ${signIn.status()}`);
  const ownerCookies = await context.cookies();
  const page = await context.newPage();
  for (const [index, step] of STEPS.entries()) {
    await context.clearCookies();
    await context.addCookies([
      { name: "lang", value: "mk", url: baseUrl },
      ...(step.owner ? ownerCookies.filter((cookie) => cookie.name !== "lang") : []),
    ]);
    await page.goto(`${baseUrl}${step.path}`, { waitUntil: "networkidle" });
    if (step.scrollTo) await page.locator(step.scrollTo).evaluate((el) => el.scrollIntoView());
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(frames, `${String(index).padStart(2, "0")}.png`) });
  }
} finally {
  await browser.close();
  await server?.stop();
  if (server && dataDir) rmSync(dataDir, { recursive: true, force: true });
}

// One still per step, SECONDS_PER_STEP each, at 2 frames a second (stills compress to almost nothing).
mkdirSync(OUT, { recursive: true });
mkdirSync(MEDIA, { recursive: true });
const input = ["-framerate", `1/${SECONDS_PER_STEP}`, "-i", path.join(frames, "%02d.png")];
const scale = `scale=${SIZE.width}:${SIZE.height}:flags=lanczos,fps=2,format=yuv420p`;
ffmpeg([
  ...input,
  "-vf",
  scale,
  "-c:v",
  "libvpx-vp9",
  "-b:v",
  "0",
  "-crf",
  "38",
  "-row-mt",
  "1",
  "-g",
  "8",
  path.join(MEDIA, "walkthrough.webm"),
]);
ffmpeg([
  ...input,
  "-vf",
  scale,
  "-c:v",
  "libx264",
  "-preset",
  "slow",
  "-tune",
  "stillimage",
  "-crf",
  "30",
  "-g",
  "8",
  "-movflags",
  "+faststart",
  path.join(MEDIA, "walkthrough.mp4"),
]);
ffmpeg([
  "-i",
  path.join(frames, "00.png"),
  "-vf",
  `scale=${SIZE.width}:${SIZE.height}:flags=lanczos`,
  "-quality",
  "70",
  path.join(MEDIA, "walkthrough-poster.webp"),
]);
rmSync(frames, { recursive: true, force: true });

const stamp = (seconds: number) =>
  `00:${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}.000`;
for (const locale of LOCALES) {
  const cues = STEPS.map(
    (step, index) =>
      `${index + 1}\n${stamp(index * SECONDS_PER_STEP)} --> ${stamp((index + 1) * SECONDS_PER_STEP)}\n${step.caption[locale]}\n`,
  );
  writeFileSync(path.join(OUT, `walkthrough.${locale}.vtt`), `WEBVTT\n\n${cues.join("\n")}`);
}

for (const file of ["walkthrough.webm", "walkthrough.mp4", "walkthrough-poster.webp"]) {
  console.log(`${file}: ${(statSync(path.join(MEDIA, file)).size / 1024).toFixed(1)} KiB`);
}
console.log(
  `${STEPS.length} steps, ${STEPS.length * SECONDS_PER_STEP} s, in ${path.relative(ROOT, MEDIA)}/ and ${path.relative(ROOT, OUT)}/`,
);
