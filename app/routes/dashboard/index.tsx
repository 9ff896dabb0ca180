import { redirect } from "react-router";

// /dashboard goes to /dashboard/products (the root middleware also applies it).
export function loader() {
  return redirect("/dashboard/products");
}
