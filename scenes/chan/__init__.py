"""The Chắn table, in small parts: ``layout`` (where cards go), ``prompts`` (what the
player may do now and why not, in Tổ Tôm words), ``panels`` (seat panels, labels and the
end screen), ``moves`` (gestures a person or a test makes) and ``table`` (the scene; the
label naming the card under the pointer is ``scenes.card_name_label``).
``scenes.chan_table`` re-exports what the catalogue needs."""
