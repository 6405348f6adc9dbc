import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { AuthSubject } from '@cmp/contracts';

@Controller()
export class HealthController {
  constructor(private readonly ds: DataSource) {}

  /** Answers only when the database answers too. */
  @MessagePattern(AuthSubject.health)
  async ping(): Promise<{ status: 'ok' }> {
    await this.ds.query('SELECT 1');
    return { status: 'ok' };
  }
}
