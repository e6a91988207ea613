import { EmailMessage } from "cloudflare:email";
import { eq } from "drizzle-orm";
import { createMimeMessage } from "mimetext";
import { mailOutbox } from "#drizzle/schema";
import type { Db } from "./db";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  kind: "password_reset" | "invitation" | "notice" | "activation";
}

/**
 * Records the message in `mail_outbox` (the durable record, read by tests locally) and hands it to the
 * MAIL send_email binding. A delivery failure is stored on the row and never shown to the requester
 * (a reset must not reveal anything about the address).
 */
export async function sendMail(
  deps: { db: Db; mail: SendEmail | undefined; from: string; siteName: string },
  message: OutgoingMail,
): Promise<void> {
  const [row] = await deps.db
    .insert(mailOutbox)
    .values({ to: message.to, subject: message.subject, text: message.text, kind: message.kind })
    .returning({ id: mailOutbox.id });
  if (!deps.mail) return;
  try {
    const mime = createMimeMessage();
    mime.setSender({ name: deps.siteName, addr: deps.from });
    mime.setRecipient(message.to);
    mime.setSubject(message.subject);
    mime.addMessage({ contentType: "text/plain", data: message.text });
    await deps.mail.send(new EmailMessage(deps.from, message.to, mime.asRaw()));
    await deps.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
  } catch (error) {
    await deps.db
      .update(mailOutbox)
      .set({ error: String(error).slice(0, 500) })
      .where(eq(mailOutbox.id, row.id));
  }
}
