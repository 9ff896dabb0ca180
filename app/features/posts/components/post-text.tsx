import { Fragment } from "react";
import { postTextPieces } from "../post-text";

/** A post's plain text: escaped by React, line breaks kept, http(s) addresses as safe links. */
export function PostText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {postTextPieces(text).map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one immutable text, in order.
        <Fragment key={index}>
          {piece.kind === "break" ? (
            <br />
          ) : piece.kind === "link" ? (
            <a
              href={piece.href}
              rel="nofollow noopener ugc"
              target="_blank"
              className="break-all text-brand-800 underline"
            >
              {piece.text}
            </a>
          ) : (
            piece.text
          )}
        </Fragment>
      ))}
    </p>
  );
}
