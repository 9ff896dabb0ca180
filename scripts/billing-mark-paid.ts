// Records a bank transfer: marks the pending payment with this reference paid (decision 0041), which
// activates the plan, sets the next payment date and reactivates a store made inactive for
// non-payment. The same service the admin area's "mark paid" calls. With PGlite (no DATABASE_URL)
// stop the app first: one process per data directory.
//   npm run billing:mark-paid -- VT-000042
//   npm run billing:mark-paid -- VT-000042 --cancel
import { closeDatabase, startDatabase } from "~/db/db.server";
import { cancelTransaction, markTransactionPaid } from "~/features/billing/payment.server";
import { findPaymentByReference } from "~/features/billing/transactions.queries.server";
import { ownerOnlyFiles } from "~/lib/data-dir.server";

// Decision 0119: what this writes under DATA_DIR (and the backup) is the operator's only.
ownerOnlyFiles();

const reference = process.argv[2] ?? "";
const cancel = process.argv.includes("--cancel");
const database = await startDatabase();
try {
  const payment = await findPaymentByReference(database.db, reference);
  if (!payment) {
    console.log(`No payment with the reference "${reference}".`);
    process.exitCode = 1;
  } else if (cancel) {
    await cancelTransaction({
      db: database.db,
      transactionId: payment.id,
      actor: { userId: null },
      note: "cli",
    });
    console.log(`${payment.reference} (${payment.username}) cancelled.`);
  } else {
    const { paidUntil } = await markTransactionPaid({
      db: database.db,
      transactionId: payment.id,
      actor: { userId: null },
      note: "cli",
    });
    console.log(`${payment.reference} (${payment.username}) paid; next payment ${paidUntil.toISOString()}.`);
  }
} catch (error) {
  console.log(`Not recorded: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
