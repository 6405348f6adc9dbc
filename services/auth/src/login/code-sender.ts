import { Injectable, Logger } from '@nestjs/common';

/** Delivers one-time login codes. Production wires an SMS provider behind the same interface. */
export abstract class CodeSender {
  abstract send(phone: string, code: string): Promise<void>;
}

/** Development sender: writes the code to the service log. */
@Injectable()
export class LogCodeSender extends CodeSender {
  private readonly logger = new Logger('LoginCode');

  async send(phone: string, code: string): Promise<void> {
    this.logger.log(`login code for ${phone}: ${code}`);
  }
}
