import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  reportBrandInUseMessage,
  reportBrandLimits,
  reportBrandMessages,
  reportBrandMovedMessage,
  type ReportBrand,
  type ReportBrandList,
  type ReportLogoType,
  type SaveReportBrand,
} from '@serpwise/contracts';
import { ReportBrandRepository, type ReportBrandFields, type ReportBrandListed, type ReportBrandRecord } from '@serpwise/database';
import { checkLogo } from '@serpwise/reports';
import type { Identity } from '../sessions/request-session.js';
import { badRequest } from '../../common/bad-request.js';

const toBrand = (record: ReportBrandRecord | ReportBrandListed): ReportBrand => ({
  id: record.id,
  name: record.name,
  companyName: record.companyName,
  primaryColor: record.primaryColor,
  accentColor: record.accentColor,
  contactLine: record.contactLine,
  hasLogo: record.hasLogo,
  logoType: record.logoType as ReportLogoType | null,
  logoUpdatedAt: record.logoUpdatedAt?.toISOString() ?? null,
  isDefault: record.isDefault,
  // A brand just created or changed is answered without its count; the page reads the list again.
  scheduledReports: 'scheduledReports' in record ? record.scheduledReports : 0,
});

type BrandInput = Omit<Required<SaveReportBrand>, 'isDefault'> & { isDefault?: boolean };

/**
 * The report brands of an account (issue 22 point 2; /account/reportdesign): several designs, one the default. They
 * belong to the account owner: a team's child accounts (who use their owner's recon plan) pick from them but do
 * not change them. Every lookup is scoped to the owner, so another account's brand id is "Brand not found." (404).
 * The controllers only let full recon users in.
 */
@Injectable()
export class ReportBrandsService {
  constructor(private readonly brands: ReportBrandRepository) {}

  private ownerOf = (identity: Identity) => identity.parent?.id ?? identity.user.id;

  private requireOwner(identity: Identity): string {
    if (identity.parent) throw new ForbiddenException(reportBrandMessages.ownerOnly);
    return identity.user.id;
  }

  private found(record: ReportBrandRecord | null): ReportBrandRecord {
    if (!record) throw new NotFoundException(reportBrandMessages.notFound);
    return record;
  }

  async list(identity: Identity): Promise<ReportBrandList> {
    return { brands: (await this.brands.listForOwner(this.ownerOf(identity))).map(toBrand), canEdit: !identity.parent };
  }

  /**
   * A brand a report or schedule may name: the caller's account's, else 404. Absent or null: the default (nothing to
   * check). Called before anything is saved or started.
   */
  async requireUsable(identity: Identity, brandId: string | null | undefined): Promise<void> {
    if (brandId) this.found(await this.brands.findForOwner(this.ownerOf(identity), brandId));
  }

  async create(identity: Identity, input: BrandInput): Promise<ReportBrand> {
    const owner = this.requireOwner(identity);
    if ((await this.brands.countForOwner(owner)) >= reportBrandLimits.perAccount) throw badRequest([reportBrandMessages.tooMany]);
    return toBrand(await this.brands.create(owner, fieldsOf(input), input.isDefault === true));
  }

  async update(identity: Identity, id: string, input: BrandInput): Promise<ReportBrand> {
    const owner = this.requireOwner(identity);
    const saved = this.found(await this.brands.update(owner, id, fieldsOf(input)));
    return toBrand(input.isDefault && !saved.isDefault ? this.found(await this.brands.makeDefault(owner, id)) : saved);
  }

  async makeDefault(identity: Identity, id: string): Promise<ReportBrand> {
    return toBrand(this.found(await this.brands.makeDefault(this.requireOwner(identity), id)));
  }

  /**
   * Deletes a brand. Scheduled reports that name it are never left pointing at nothing: without `moveTo` the
   * deletion is refused (409, saying how many use it); with another brand of the account they move to it first.
   */
  async delete(identity: Identity, id: string, moveTo: string | undefined): Promise<{ message: string; moved: number }> {
    const result = await this.brands.delete(this.requireOwner(identity), id, moveTo || undefined);
    switch (result.outcome) {
      case 'not-found':
        throw new NotFoundException(reportBrandMessages.notFound);
      case 'move-target-invalid':
        throw badRequest([reportBrandMessages.moveTargetInvalid]);
      case 'in-use': {
        const message = reportBrandInUseMessage(result.name, result.scheduledReports);
        throw new ConflictException({ statusCode: 409, message, errors: [message] });
      }
      case 'deleted':
        return { message: result.moved > 0 ? reportBrandMovedMessage(result.moved, result.movedTo!) : reportBrandMessages.deleted, moved: result.moved };
    }
  }

  async uploadLogo(identity: Identity, id: string, file: { buffer: Buffer } | undefined): Promise<ReportBrand> {
    const owner = this.requireOwner(identity);
    this.found(await this.brands.findForOwner(owner, id));
    const checked = checkLogo(file?.buffer ?? Buffer.alloc(0));
    if (!checked.ok) throw new BadRequestException({ statusCode: 400, message: checked.message, errors: [checked.message] });
    return toBrand(this.found(await this.brands.saveLogo(owner, id, file!.buffer, checked.type)));
  }

  async deleteLogo(identity: Identity, id: string): Promise<ReportBrand> {
    return toBrand(this.found(await this.brands.deleteLogo(this.requireOwner(identity), id)));
  }

  async logo(identity: Identity, id: string): Promise<{ data: Buffer; type: string }> {
    const logo = await this.brands.logoOf(this.ownerOf(identity), id);
    if (!logo) throw new NotFoundException('No logo has been uploaded.');
    return logo;
  }
}

const fieldsOf = (input: BrandInput): ReportBrandFields => ({
  name: input.name,
  companyName: input.companyName,
  primaryColor: input.primaryColor,
  accentColor: input.accentColor,
  contactLine: input.contactLine,
});
