import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { durableConsumers, healthController, rpcProvider, SCOPE_SOURCE, Scopes } from '@cmp/common';
import { AuthSubject, Service } from '@cmp/contracts';
import { AccessService } from './access/access.service';
import { AUTH_CONFIG, loadAuthConfig, type AuthConfig } from './config';
import { authDataSource } from './data-source';
import { DeptController } from './dept/dept.controller';
import { DeptService } from './dept/dept.service';
import { GroupController } from './group/group.controller';
import { GroupService } from './group/group.service';
import { LogSmsSender, SmsSender } from './login/sms-sender';
import { LoginController } from './login/login.controller';
import { LoginThrottle } from './login/login-throttle';
import { LoginService } from './login/login.service';
import { PhoneCodeService } from './login/phone-code.service';
import { OperationLogConsumer } from './log/operation-log.consumer';
import { OperationLogController } from './log/operation-log.controller';
import { OperationLogService } from './log/operation-log.service';
import { MenuController } from './menu/menu.controller';
import { MenuService } from './menu/menu.service';
import { redisProvider } from './redis.provider';
import { RegisterController } from './register/register.controller';
import { RegisterService } from './register/register.service';
import { RoleController } from './role/role.controller';
import { RoleService } from './role/role.service';
import { SessionService } from './session/session.service';
import { UserImportService } from './user/user-import.service';
import { ExpertAccountService } from './user/expert-account.service';
import { UserController } from './user/user.controller';
import { UserService } from './user/user.service';
import { TrialController } from './trial/trial.controller';
import { TrialService } from './trial/trial.service';

@Module({
  controllers: [LoginController, RegisterController, OperationLogController, UserController, MenuController, RoleController, GroupController, DeptController, TrialController, healthController(AuthSubject.health)],
  providers: [
    { provide: AUTH_CONFIG, useFactory: loadAuthConfig },
    {
      provide: DataSource,
      inject: [AUTH_CONFIG],
      useFactory: (config: AuthConfig) => authDataSource(config).initialize(),
    },
    redisProvider,
    rpcProvider(Service.auth, AUTH_CONFIG),
    { provide: SmsSender, useClass: LogSmsSender },
    AccessService,
    // Auth answers scopes itself; every other service asks it (scopesOverNats).
    { provide: SCOPE_SOURCE, inject: [AccessService], useFactory: (access: AccessService) => access.scopeGroupIds.bind(access) },
    Scopes,
    SessionService,
    PhoneCodeService,
    LoginThrottle,
    LoginService,
    RegisterService,
    OperationLogService,
    OperationLogConsumer,
    ...durableConsumers,
    UserService,
    UserImportService,
    ExpertAccountService,
    TrialService,
    MenuService,
    RoleService,
    GroupService,
    DeptService,
  ],
})
export class AppModule {}
