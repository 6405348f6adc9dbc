import { Injectable, Logger } from '@nestjs/common';

/** Delivers one-time phone codes. Production wires an SMS provider behind the same interface. */
export abstract class CodeSender {
  /** `purpose` lets a provider pick the SMS template (login, register, retrieve). */
  abstract send(phone: string, code: string, purpose: string): Promise<void>;
}

/** Development sender: writes the code to the service log. */
@Injectable()
export class LogCodeSender extends CodeSender {
  private readonly logger = new Logger('LoginCode');

  async send(phone: string, code: string, purpose: string): Promise<void> {
    this.logger.log(`${purpose} code for ${phone}: ${code}`);
  }
}
