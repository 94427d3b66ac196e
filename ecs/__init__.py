"""Entity-component-system layer built on esper: data-only components and generic systems.

Nothing here knows a particular game. Scenes build entities, give the drag-and-drop system a
validator callback, read intents from an ``IntentQueue`` and start tweens; the render system
draws what the components say. One esper world per scene (see ``ecs.world``).
"""
