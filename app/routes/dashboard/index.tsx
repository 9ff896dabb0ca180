import { redirect } from "react-router";

// Spec §4: /dashboard goes to /dashboard/products (the root middleware also applies it).
export function loader() {
  return redirect("/dashboard/products");
}
