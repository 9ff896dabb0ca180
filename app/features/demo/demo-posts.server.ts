import { createPost } from "~/features/posts/post.server";
import { addDays, skopjeDay } from "~/lib/calendar";
import type { StoreContext } from "~/lib/service-context";

// PRODUCT.md "the demo store ... carries posts": a newcomer sees the News section on the
// demo's public page and the posts list in its dashboard. Dated from the injected clock, so the
// newest is always a few days old; one stays a draft (shown only in the dashboard).
const DEMO_POSTS = [
  {
    daysAgo: 2,
    published: true,
    title: "Нови цени на млечните производи",
    body: "Од понеделник цените на млекото и јогуртот се пониски.\nЦелиот ценовник е на оваа страница, секој ден потврден до 10:00.",
  },
  {
    daysAgo: 9,
    published: true,
    title: "Неделно работно време",
    body: "Во недела работиме од 08:00 до 14:00.\nЦените и достапноста се исти во сите денови.",
  },
  {
    daysAgo: 20,
    published: true,
    title: "Ценовникот сега и како PDF",
    body: "Ценовникот може да се преземе како PDF, CSV или JSON од врските под листата со производи.",
  },
  {
    daysAgo: -3,
    published: false,
    title: "Викенд акција (нацрт)",
    body: "Нацрт: се објавува кога ќе ги потврдиме цените.",
  },
] as const;

export async function seedDemoPosts(ctx: StoreContext, now: Date): Promise<void> {
  const today = skopjeDay(now);
  for (const item of DEMO_POSTS) {
    await createPost(ctx, {
      title: item.title,
      body: item.body,
      publishOn: addDays(today, -item.daysAgo),
      published: item.published,
      imageId: null,
      imageKey: null,
    });
  }
}
