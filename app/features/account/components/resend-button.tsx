import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/** "Send the code again", disabled with a visible countdown until the cool-down has passed. */
export function ResendButton({ seconds, busy }: { seconds: number; busy: boolean }) {
  const { t } = useTranslation("auth");
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const rest = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(rest);
      if (rest === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return (
    <Form method="post" className="mt-3 text-center">
      <input type="hidden" name="intent" value="resend" />
      <Button type="submit" variant="link" disabled={busy || left > 0}>
        {left > 0 ? t("code.resendIn", { seconds: left }) : t("code.resend")}
      </Button>
    </Form>
  );
}
