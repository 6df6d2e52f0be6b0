/**
 * The gem categories of DOMAIN.md §4, until the catalogue has its own table (the orders/catalogue
 * capability switches `listGemCategoryOptions` in ./service.ts to it).
 */
export const gemCategories = [
  { code: 'FC', name: '翡翠', unit: 'g', has_purity: false },
  { code: 'HTY', name: '和田玉', unit: 'g', has_purity: false },
  { code: 'ZS', name: '钻石', unit: 'ct', has_purity: false },
  { code: 'CSBS', name: '彩色宝石', unit: 'ct', has_purity: false },
  { code: 'ZZ', name: '珍珠', unit: 'g', has_purity: false },
  { code: 'HPMM', name: '琥珀蜜蜡', unit: 'g', has_purity: false },
  { code: 'SJMN', name: '水晶玛瑙', unit: 'g', has_purity: false },
  { code: 'HJ', name: '黄金', unit: 'g', has_purity: true },
  { code: 'BJ', name: '铂金', unit: 'g', has_purity: true },
  { code: 'YS', name: '银饰', unit: 'g', has_purity: true },
] as const;
