import { Controller, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DataSource } from 'typeorm';

/** A service's health subject, answered only when its database answers too. */
export function healthController(subject: string): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(private readonly ds: DataSource) {}

    @MessagePattern(subject)
    async ping(): Promise<{ status: 'ok' }> {
      await this.ds.query('SELECT 1');
      return { status: 'ok' };
    }
  }
  return HealthController;
}
