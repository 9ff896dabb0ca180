import { getConfig } from "~/lib/config.server";
import { createCpayProvider } from "./cpay.server";
import { bankTransferProvider, type PaymentProvider } from "./payment-provider";
import type { PaymentMethod } from "./plans";

// The providers this instance offers: bank transfer always; a card through CaSys cPay when its
// settings are present (README "Settings", docs/billing.md).

let registry: Map<PaymentMethod, PaymentProvider> | null = null;

function providers(): Map<PaymentMethod, PaymentProvider> {
  if (!registry) {
    const config = getConfig();
    registry = new Map<PaymentMethod, PaymentProvider>([["bank_transfer", bankTransferProvider]]);
    if (config.cpay) registry.set("card", createCpayProvider(config.cpay, config.baseUrl));
  }
  return registry;
}

export function paymentProvider(method: PaymentMethod): PaymentProvider | null {
  return providers().get(method) ?? null;
}

/** The methods an owner may choose now, in the order the page offers them. */
export function availableMethods(): PaymentMethod[] {
  return [...providers().keys()];
}
