import type { AppStatus, PricingType } from '../../../../shared/constants';

/** The fields of the edit form as the inputs hold them (numbers as typed text). */
export interface EditFormValues {
  name: string;
  url: string;
  description: string;
  longDescription: string;
  status: AppStatus;
  category: string;
  tags: string[];
  monthlyVisitors: string;
  rating: string;
  trafficGrowth: string;
  viewCount: string;
  saveCount: string;
  screenshotUrl: string;
  aiGenerated: boolean;
  pricingType: PricingType | '';
  company: string;
  foundedYear: string;
  location: string;
}

interface EditableApp {
  name: string;
  url: string;
  description: string;
  longDescription: string | null;
  status: AppStatus;
  category: string;
  tags: string[];
  monthlyVisitors: number;
  rating: number | null;
  trafficGrowth: number;
  viewCount: number;
  saveCount: number;
  screenshotUrl: string | null;
  aiGenerated: boolean;
  pricingType: PricingType | null;
  company: string | null;
  foundedYear: number | null;
  location: string | null;
}

/** The form's starting values for an app. */
export function editFormValuesOf(app: EditableApp): EditFormValues {
  return {
    name: app.name,
    url: app.url,
    description: app.description,
    longDescription: app.longDescription ?? '',
    status: app.status,
    category: app.category,
    tags: [...app.tags],
    monthlyVisitors: String(app.monthlyVisitors),
    rating: app.rating === null ? '' : String(app.rating),
    trafficGrowth: String(app.trafficGrowth),
    viewCount: String(app.viewCount),
    saveCount: String(app.saveCount),
    screenshotUrl: app.screenshotUrl ?? '',
    aiGenerated: app.aiGenerated,
    pricingType: app.pricingType ?? '',
    company: app.company ?? '',
    foundedYear: app.foundedYear === null ? '' : String(app.foundedYear),
    location: app.location ?? '',
  };
}

/**
 * The PUT body of the form (spec §7): the shared schema turns non-numeric counts into 0, blanks of
 * optional fields into null, and checks the rest. detectedAt is read-only and not sent.
 */
export function editRequestBody(values: EditFormValues): Record<string, unknown> {
  return {
    name: values.name,
    url: values.url,
    description: values.description,
    longDescription: values.longDescription,
    status: values.status,
    category: values.category,
    tags: values.tags,
    monthlyVisitors: values.monthlyVisitors,
    rating: values.rating,
    trafficGrowth: values.trafficGrowth,
    viewCount: values.viewCount,
    saveCount: values.saveCount,
    screenshotUrl: values.screenshotUrl,
    aiGenerated: values.aiGenerated,
    pricingType: values.pricingType,
    company: values.company,
    foundedYear: values.foundedYear,
    location: values.location,
  };
}
