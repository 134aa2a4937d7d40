/**
 * What the billing module needs from a payment provider: make a charge for an amount and give
 * back what the payer scans or copies. Payments come back through the provider's callbacks
 * (billing.routes.ts), which the module reads as `IncomingPayment`s.
 */
export interface ChargeRequest {
  txid: string;
  /** BRL, e.g. 99.9. */
  amount: number;
  expiresInSeconds: number;
  /** Shown to the payer in their bank app. */
  description: string;
  debtor?: { name: string; taxId: string };
}

export interface CreatedCharge {
  txid: string;
  /** The copy-and-paste code (BR Code). */
  qrcode: string;
  /** The QR image as a data URL. */
  imagemQrcode: string;
  expiresAt: Date;
}

export interface IncomingPayment {
  endToEndId: string;
  txid: string | null;
  amount: number;
  paidAt: Date | null;
}

export interface PaymentProvider {
  createCharge(request: ChargeRequest): Promise<CreatedCharge>;
}
