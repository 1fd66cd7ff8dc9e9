import { Controller } from '@nestjs/common';
import { ImportSavedDto } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { SavedImportService } from '../saved/saved-import.service.js';
import { ReviewsExportService } from './reviews-export.service.js';

/** A diner's own data held by reviews: its part of the export, and the saved-places import. */
@Controller('rpc')
export class AccountRpcController {
  constructor(
    private readonly exports: ReviewsExportService,
    private readonly imports: SavedImportService,
  ) {}

  @Rpc('reviews.export')
  export(@RequiredCaller() caller: Caller): RpcResult<'reviews.export'> {
    return this.exports.export(caller);
  }

  @Rpc('saved.import')
  import(
    @RpcBody(ImportSavedDto) body: ImportSavedDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'saved.import'> {
    return this.imports.import(caller, body.text);
  }
}
