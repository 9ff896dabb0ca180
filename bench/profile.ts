import { readFileSync } from "node:fs";
import path from "node:path";

// Where a server's busy time went, from a V8 CPU profile (`node --cpu-prof`): self time by package
// and by function, and the time spent inside a few functions (children included). Module loading at
// start-up is left out, so what remains is the requests'.

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
};

export function printProfile(file: string, root: string, watched: string[] = WATCHED): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inside = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const delta = profile.timeDeltas[index] ?? 0;
    const { url, functionName } = node.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") return;
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!);
    if (stack.some((frame) => frame.callFrame.url.startsWith("node:internal/modules/"))) return;
    total += delta;
    const group = groupOf(url, functionName, root);
    byGroup.set(group, (byGroup.get(group) ?? 0) + delta);
    const name = `${functionName || "(anonymous)"} ${group}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    for (const watch of watched)
      if (stack.some((frame) => frame.callFrame.functionName === watch))
        inside.set(watch, (inside.get(watch) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join("\n");
  console.log(`\nbusy time by package (self time, ${Math.round(total / 1000)} ms):\n${top(byGroup, 20)}`);
  console.log(`\nbusiest functions:\n${top(byFunction, 30)}`);
  console.log(`\ntime inside (children included):\n${top(inside, watched.length)}`);
}

/** Stages of a render worth following: React's render, React Router's loaders, the socket write. */
const WATCHED = [
  "renderToPipeableStream",
  "performWork",
  "callLoaderOrAction",
  "loader",
  "StorePage",
  "ProductCardList",
  "productCardsHtml",
  "storeJsonLd",
  "Scripts",
  "Meta",
  "Links",
  "sendRemixResponse",
  "createRemixRequest",
  "writev",
];

function groupOf(url: string, functionName: string, root: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith("node:")) return url;
  return path.relative(root, url.replace("file://", ""));
}
