-- Per-printer calibration: how far the whole print moves down and right on this printer, in tenths
-- of a millimetre (integers: no float drift), set with the printer choice and applied to every job.
ALTER TABLE printer_settings
  ADD COLUMN offset_top_tenth_mm  integer NOT NULL DEFAULT 0 CHECK (offset_top_tenth_mm BETWEEN -500 AND 500),
  ADD COLUMN offset_left_tenth_mm integer NOT NULL DEFAULT 0 CHECK (offset_left_tenth_mm BETWEEN -500 AND 500);
