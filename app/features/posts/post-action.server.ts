import { redirect } from "react-router";
import { AppError } from "~/lib/app-error";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { StoreContext } from "~/lib/service-context";
import { type PostInput, postSchema } from "./post.schema";
import { deletePost, setPostPublished } from "./post.server";

/**
 * The new and edit pages' action: validate, save, back to the list with a confirmation; a failure
 * answers the field errors with what was typed. The edit page also deletes. Another store's post is
 * the 404 page.
 */
export function savePostFromForm(
  ctx: StoreContext,
  form: FormData,
  save: (input: PostInput) => Promise<unknown>,
  postId?: string,
) {
  const values = formObject(form);
  return handleAction(
    async () => {
      if (values.intent === "delete" && postId) {
        await deletePost(ctx, postId);
        return redirect("/dashboard/posts", { headers: flashHeaders("posts:deleted") });
      }
      await save(parseForm(postSchema, values));
      return redirect("/dashboard/posts", { headers: flashHeaders("posts:saved") });
    },
    {
      values,
      fallback: values.intent === "delete" ? "postDeleteFailed" : "postSaveFailed",
      notFoundPage: true,
    },
  );
}

/** The list's row actions: publish, unpublish, delete (another store's id → 404). */
export function postsListAction(ctx: StoreContext, form: FormData) {
  const values = formObject(form);
  const intent = values.intent ?? "";
  const postId = values.postId ?? "";
  return handleAction(
    async () => {
      switch (intent) {
        case "publish":
        case "unpublish":
          await setPostPublished(ctx, postId, intent === "publish");
          return { message: intent === "publish" ? "posts:published" : "posts:unpublished" };
        case "delete":
          await deletePost(ctx, postId);
          return { message: "posts:deleted" };
        default:
          throw new AppError("validation");
      }
    },
    { intent, notFoundPage: true, fallback: intent === "delete" ? "postDeleteFailed" : "postSaveFailed" },
  );
}
