import 'reflect-metadata';
import { Controller, Get } from '@nestjs/common';
import { CONTROLLERS } from '../app.module';
import { Permissions, undeclaredRoutes } from './access.decorators';

describe('access rules', () => {
  it('every gateway route declares who may call it', () => {
    expect(undeclaredRoutes(CONTROLLERS)).toEqual([]);
  });

  it('catches a route that declares nothing', () => {
    @Controller('x')
    class Sloppy {
      @Get('open')
      forgotten() {
        return 1;
      }
      @Get('guarded')
      @Permissions('system:user:list')
      fine() {
        return 2;
      }
    }
    expect(undeclaredRoutes([Sloppy])).toEqual(['Sloppy.forgotten']);
  });

  it('refuses an empty permission list', () => {
    expect(() => Permissions()).toThrow();
  });
});
