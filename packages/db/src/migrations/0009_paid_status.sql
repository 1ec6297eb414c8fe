-- The demo seed wrote its settled installment payments as 'Completed', a status outside the contract's
-- PAYMENT_STATUSES: every payments list holding one answered 500. They are paid payments.
UPDATE "payments" SET "status" = 'Paid' WHERE "status" = 'Completed';
