import { data } from "react-router";

// Any path no route claims: the root error boundary shows "Page Not Found: {path}" with 404.
export function loader() {
  throw data(null, { status: 404 });
}

// A form posted to a path no route claims is answered the same 404, not a logged "no action" 405.
export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
