"""The Chắn table, in small parts: ``layout`` (where cards go), ``prompts`` (what the
player may do now and why not, in Tổ Tôm words), ``panels`` (seat panels, labels and the
end screen), ``names`` (the label naming the card under the pointer), ``moves`` (gestures a
person or a test makes) and ``table`` (the scene).
``scenes.chan_table`` re-exports what the catalogue needs."""
