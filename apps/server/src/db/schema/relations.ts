import { relations } from 'drizzle-orm';
import { gemCategories } from './fees';
import { certificates, codeBindings, inspectionRecords, orderEvents, orderItems, recordings, testingOrders } from './orders';
import { platformShipments } from './platformSync';

// The order's children as Drizzle relations, for the order detail's one statement (modules/orders
// repo.ts, orderDetailRow): Drizzle's relational query builds each child list as a JSON aggregate
// of a lateral subquery and maps the JSON back to the columns' types. No SQL follows from these.

export const testingOrderRelations = relations(testingOrders, ({ many }) => ({
  items: many(orderItems),
  events: many(orderEvents),
  inspections: many(inspectionRecords),
  certificates: many(certificates),
  recordings: many(recordings),
  codes: many(codeBindings),
  shipments: many(platformShipments),
}));

export const orderItemRelations = relations(orderItems, ({ one }) => ({
  order: one(testingOrders, { fields: [orderItems.orderId], references: [testingOrders.id] }),
  category: one(gemCategories, { fields: [orderItems.categoryId], references: [gemCategories.id] }),
}));

export const orderEventRelations = relations(orderEvents, ({ one }) => ({
  order: one(testingOrders, { fields: [orderEvents.orderId], references: [testingOrders.id] }),
}));

export const inspectionRecordRelations = relations(inspectionRecords, ({ one }) => ({
  order: one(testingOrders, { fields: [inspectionRecords.orderId], references: [testingOrders.id] }),
}));

export const certificateRelations = relations(certificates, ({ one }) => ({
  order: one(testingOrders, { fields: [certificates.orderId], references: [testingOrders.id] }),
}));

export const recordingRelations = relations(recordings, ({ one }) => ({
  order: one(testingOrders, { fields: [recordings.orderId], references: [testingOrders.id] }),
}));

export const codeBindingRelations = relations(codeBindings, ({ one }) => ({
  order: one(testingOrders, { fields: [codeBindings.orderId], references: [testingOrders.id] }),
  item: one(orderItems, { fields: [codeBindings.itemId], references: [orderItems.id] }),
}));

export const platformShipmentRelations = relations(platformShipments, ({ one }) => ({
  order: one(testingOrders, { fields: [platformShipments.orderId], references: [testingOrders.id] }),
}));
