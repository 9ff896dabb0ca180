import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * One section of the landing page: an anchor the navigation scrolls to (below the sticky header,
 * scroll-mt), a heading that names the region, and an optional intro.
 */
export function LandingSection({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("scroll-mt-16 py-14 sm:py-20", className)}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={headingId} className="font-bold text-2xl text-gray-900 tracking-tight sm:text-3xl">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-gray-600 text-lg">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
